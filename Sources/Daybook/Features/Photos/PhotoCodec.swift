import CvipsShim

/// What a photo's header says, read without decoding its pixels.
struct PhotoHeader: Sendable, Hashable {
    /// Width and height as stored, before the EXIF orientation is applied.
    var storedWidth: Int
    var storedHeight: Int
    /// EXIF orientation, 1 to 8.
    var orientation: Int
    /// The format's name as libvips' loader gives it: `jpeg`, `png`, `webp`, `heif`, `tiff`.
    var format: String
    /// The GPS position, when the photo carries one.
    var latitude: Double?
    var longitude: Double?
    /// `DateTimeOriginal` and `OffsetTimeOriginal` as written (`2024:05:01 07:30:00`, `+02:00`).
    var takenAt: String?
    var takenOffset: String?

    /// Width and height once upright: orientations 5 to 8 turn the picture a quarter.
    var width: Int { orientation >= 5 ? storedHeight : storedWidth }
    var height: Int { orientation >= 5 ? storedWidth : storedHeight }
}

/// One encoded copy of a photo.
struct PhotoCopy: Sendable, Hashable {
    /// `960.webp`, `960.jpg`, `thumb.webp`.
    var suffix: String
    var width: Int
    var height: Int
    var bytes: [UInt8]
}

/// Why a photo could not be read or processed; `message` names no file (the caller does).
struct PhotoFailure: Error, Sendable, Equatable {
    var message: String
}

/// The one place that talks to libvips (through the `CvipsShim` C target).
enum PhotoCodec {
    /// The formats Daybook publishes photos from, by libvips' loader name.
    static let formats: Set<String> = ["jpeg", "png", "webp", "heif", "tiff"]

    /// Started once per process; nil when libvips could not start.
    static let version: String? = dbv_start() == 0 ? String(cString: dbv_version()) : nil
    /// What the copies are made with, for the cache's keys: libvips' version, and that Orc is off
    /// (its SIMD paths give other bytes than the plain ones, so copies an earlier Daybook made with
    /// it are made again rather than kept beside new ones).
    static var recipeVersion: String { version.map { "\($0), no Orc" } ?? "none" }

    /// Whether libvips runs Orc's run-time SIMD code: never (`dbv_start`).
    static var vectorPaths: Bool {
        _ = version
        return dbv_vector_enabled() != 0
    }

    private static func lastError() -> String {
        guard let text = dbv_error() else { return "unknown libvips error" }
        defer { dbv_free(text) }
        let message = String(cString: text).split(separator: "\n").first.map(String.init) ?? ""
        return message.isEmpty ? "unknown libvips error" : message
    }

    /// Reads the header and the EXIF fields Daybook uses.
    static func header(_ bytes: [UInt8]) throws(PhotoFailure) -> PhotoHeader {
        guard version != nil else { throw PhotoFailure(message: "libvips could not start") }
        let result: Result<PhotoHeader, PhotoFailure> = bytes.withUnsafeBytes { raw in
            guard let image = dbv_header(raw.baseAddress, raw.count) else {
                _ = lastError()
                return .failure(PhotoFailure(message: "is not an image Daybook can read"))
            }
            defer { dbv_unref(image) }
            let loader = dbv_loader(image).map { String(cString: $0) } ?? ""
            let format = loader.replacingOccurrences(of: "load_buffer", with: "").replacingOccurrences(of: "load", with: "")
            guard formats.contains(format) else {
                return .failure(PhotoFailure(message: "is in a format Daybook does not publish (\(format.isEmpty ? "unknown" : format)); use JPEG, PNG, WebP, HEIC or TIFF"))
            }
            func text(_ name: String) -> String? {
                guard let value = dbv_string(image, name) else { return nil }
                defer { dbv_free(value) }
                return String(cString: value)
            }
            var header = PhotoHeader(storedWidth: Int(dbv_width(image)), storedHeight: Int(dbv_height(image)),
                                     orientation: min(8, max(1, Int(dbv_orientation(image)))), format: format)
            header.latitude = ExifText.coordinate(text("exif-ifd3-GPSLatitude"), reference: text("exif-ifd3-GPSLatitudeRef"))
            header.longitude = ExifText.coordinate(text("exif-ifd3-GPSLongitude"), reference: text("exif-ifd3-GPSLongitudeRef"))
            header.takenAt = ExifText.value(text("exif-ifd2-DateTimeOriginal"))
            header.takenOffset = ExifText.value(text("exif-ifd2-OffsetTimeOriginal"))
            return .success(header)
        }
        return try result.get()
    }

    /// Makes every copy `recipe` asks for from the photo in `bytes`.
    static func copies(of bytes: [UInt8], header: PhotoHeader, recipe: PhotoRecipe) throws(PhotoFailure) -> [PhotoCopy] {
        let widths = recipe.widths(for: header.width)
        let result: Result<[PhotoCopy], PhotoFailure> = bytes.withUnsafeBytes { raw in
            guard let largest = dbv_decode(raw.baseAddress, raw.count, Int32(widths.last ?? 1)) else {
                return .failure(PhotoFailure(message: "could not be decoded: \(lastError())"))
            }
            defer { dbv_unref(largest) }
            var copies: [PhotoCopy] = []
            for width in widths.reversed() {
                let isLargest = Int(dbv_width(largest)) == width
                guard let image = isLargest ? largest : dbv_resize(largest, Int32(width)) else {
                    return .failure(PhotoFailure(message: "could not be resized: \(lastError())"))
                }
                defer { if !isLargest { dbv_unref(image) } }
                guard let encoded = encode(image, "\(width)", recipe) else {
                    return .failure(PhotoFailure(message: "could not be encoded: \(lastError())"))
                }
                copies += encoded
            }
            guard let square = dbv_square(largest, Int32(recipe.thumbnail)), let thumbs = encode(square, "thumb", recipe) else {
                return .failure(PhotoFailure(message: "could not be cut to a thumbnail: \(lastError())"))
            }
            dbv_unref(square)
            return .success(copies.reversed() + thumbs)
        }
        return try result.get()
    }

    /// Square crops of the picture in `bytes`, `sides` pixels on a side, each as WebP and JPEG
    /// (`96.webp`, `96.jpg`, ...): a writer's portrait.
    static func squares(of bytes: [UInt8], header: PhotoHeader, sides: [Int], recipe: PhotoRecipe) throws(PhotoFailure) -> [PhotoCopy] {
        let result: Result<[PhotoCopy], PhotoFailure> = bytes.withUnsafeBytes { raw in
            guard let whole = dbv_decode(raw.baseAddress, raw.count, Int32(max(1, header.width))) else {
                return .failure(PhotoFailure(message: "could not be decoded: \(lastError())"))
            }
            defer { dbv_unref(whole) }
            var copies: [PhotoCopy] = []
            for side in sides {
                guard let square = dbv_square(whole, Int32(side)) else {
                    return .failure(PhotoFailure(message: "could not be cut to a square: \(lastError())"))
                }
                defer { dbv_unref(square) }
                guard let encoded = encode(square, "\(side)", recipe) else {
                    return .failure(PhotoFailure(message: "could not be encoded: \(lastError())"))
                }
                copies += encoded
            }
            return .success(copies)
        }
        return try result.get()
    }

    /// The WebP and the JPEG of `image`, or nil when an encoder failed.
    private static func encode(_ image: OpaquePointer, _ name: String, _ recipe: PhotoRecipe) -> [PhotoCopy]? {
        var copies: [PhotoCopy] = []
        for (suffix, save) in [("webp", dbv_save_webp), ("jpg", dbv_save_jpeg)] as [(String, (OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<Int>?) -> Int32)] {
            var pointer: UnsafeMutableRawPointer?
            var length = 0
            guard save(image, Int32(suffix == "webp" ? recipe.webpQuality : recipe.jpegQuality), &pointer, &length) == 0, let pointer else { return nil }
            let encoded = Array(UnsafeRawBufferPointer(start: pointer, count: length))
            dbv_free(pointer)
            let bytes = suffix == "webp" ? WebPChunks.strip(encoded) : encoded
            copies.append(PhotoCopy(suffix: "\(name).\(suffix)", width: Int(dbv_width(image)), height: Int(dbv_height(image)), bytes: bytes))
        }
        return copies
    }
}

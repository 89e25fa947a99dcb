import Foundation
import Synchronization

/// Finished copies of photos in `JOURNAL/.daybook/photos/`, one sealed file per photo and
/// recipe, named by its key: a digest of the source's bytes, the recipe, Daybook's version and
/// libvips'. Content-addressed, so any number of builds (a public site and a private edition
/// in one process) share it safely, and a changed photo simply has a new key.
struct PhotoCache: Sendable {
    static let folder = ".daybook/photos"
    static let magic = Array("DAYBOOK-PHOTO\n".utf8)

    let root: URL

    init(journal: URL) {
        root = journal.appendingPathComponent(Self.folder)
    }

    /// The key of the copies of the source whose SHA-256 is `digest`, made by `recipe` with this Daybook and this libvips.
    static func key(digest: [UInt8], recipe: PhotoRecipe, daybook: String = DaybookVersion.string,
                    library: String = PhotoCodec.recipeVersion) -> [UInt8] {
        ContentHash.digest(parts: [digest, Array(recipe.key.utf8), Array(daybook.utf8), Array(library.utf8)])
    }

    private func url(_ key: [UInt8]) -> URL {
        root.appendingPathComponent(hexString(key) + ".photo")
    }

    /// The copies stored under `key`, or nil when missing or damaged.
    func read(_ key: [UInt8]) -> [PhotoCopy]? {
        guard let (payload, _) = SealedFile.read(url(key), magic: Self.magic) else { return nil }
        var reader = ByteReader(payload)
        do {
            let copies = try reader.list { reader in
                PhotoCopy(suffix: try reader.string(), width: try reader.varint(), height: try reader.varint(), bytes: try reader.data())
            }
            return reader.atEnd ? copies : nil
        } catch {
            return nil
        }
    }

    func write(_ copies: [PhotoCopy], key: [UInt8]) {
        var writer = ByteWriter(capacity: copies.reduce(64) { $0 + $1.bytes.count + 32 })
        writer.list(copies) { writer, copy in
            writer.string(copy.suffix)
            writer.varint(copy.width)
            writer.varint(copy.height)
            writer.data(copy.bytes)
        }
        SealedFile.write(writer.bytes, to: url(key), magic: Self.magic)
    }
}

/// How many photos each journal's builds decoded in this process: the tests' proof that a
/// rebuild with unchanged photos does no image work.
enum PhotoWork {
    private static let counts = Mutex<[String: Int]>([:])

    static func count(_ journal: URL) -> Int { counts.withLock { $0[journal.standardizedFileURL.path] ?? 0 } }

    static func add(_ journal: URL) {
        _ = counts.withLock { $0[journal.standardizedFileURL.path, default: 0] += 1 }
    }
}

import Foundation
import Yams

/// A photo named by an entry: in a Markdown image, the `photos:` list or `cover:`.
struct PhotoReference: Sendable, Hashable {
    /// The name as written, `harbour.jpg`.
    var name: String
    /// The file it names, relative to the journal, `entries/2024/05/2024-05-01-ferry/harbour.jpg`.
    var path: String
    /// The alt text (Markdown) or the caption (`photos:`), possibly empty.
    var text: String
    var location: SourceLocation
}

/// What one entry file asks of photos, read from its text while the entries are read.
struct EntryPhotoRequest: Sendable, Hashable {
    var entry: String
    var inline: [PhotoReference] = []
    var gallery: [PhotoReference] = []
    var cover: PhotoReference?
    /// `location: from-photo`: the entry's place comes from its first photo's GPS.
    var locationFromPhoto: Bool = false
    /// The place's coordinates as written, to warn when the photos were taken far from it.
    var statedCoordinates: [Double]?
    /// Markdown images on another host (`https://…`): left as they are, and warned of once.
    var remote: [PhotoReference] = []
    /// `private: true` in the front-matter: a remote image then tells its host who reads the entry.
    var isPrivate = false

    var all: [PhotoReference] { inline + gallery + (cover.map { [$0] } ?? []) }
    /// The photo lists and the map show: the cover, else the first of the gallery or the text.
    var coverPhoto: PhotoReference? { cover ?? gallery.first ?? inline.first }
}

/// Finds the photo references in an entry file's text.
enum PhotoReferences {
    static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif", "tif", "tiff"]

    /// Whether `name` has a photo's extension, in any case.
    static func isPhotoName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// `name` against the entry's folder, `..` and `.` applied; nil for an address (a scheme, a
    /// leading `/`) or a path that leaves `folder`, the entries folder (`entries`,
    /// `content/posts`); an empty `folder` allows any path inside the journal.
    static func resolve(_ name: String, from entry: String, inside folder: String = "entries") -> String? {
        guard !name.isEmpty, !isAddress(name), !name.hasPrefix("#") else { return nil }
        let floor = folder.split(separator: "/").count
        var parts = entry.split(separator: "/").dropLast().map(String.init)
        for part in name.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard parts.count > max(1, floor) else { return nil }
                parts.removeLast()
            } else {
                parts.append(String(part))
            }
        }
        return folder.isEmpty || parts.starts(with: folder.split(separator: "/").map(String.init)) ? parts.joined(separator: "/") : nil
    }

    /// An address rather than a file beside the entry: a scheme (`https:`, `data:`), `//host`,
    /// or a path from the site's root (`/images/x.jpg`, a file of `static/`).
    static func isAddress(_ name: String) -> Bool { name.hasPrefix("/") || name.contains(":") }

    /// An image on another host, `https://example.org/chart.png` or `//example.org/…`.
    static func isRemote(_ name: String) -> Bool {
        name.hasPrefix("//") || name.contains("://")
    }

    /// The references of the entry at `path` whose text is `bytes`, and their problems.
    /// - Parameter folder: the entries folder, which photos may not leave.
    static func read(path: String, bytes: [UInt8], inside folder: String = "entries") -> (EntryPhotoRequest, [Diagnostic]) {
        var request = EntryPhotoRequest(entry: path)
        let (decoded, _) = SourceDecoder.decode(bytes, path: path)
        guard let source = decoded, case .success(let split) = FrontMatterSplitter.split(source) else { return (request, []) }
        var problems: [Diagnostic] = []
        for image in markdownImages(source, from: split.bodyFirstLine) where isPhotoName(image.target) || isRemote(image.target) {
            let location = source.location(line: image.line, column: image.column)
            if isAddress(image.target) {
                // Another host's image, or a file of the site itself: shown as written.
                if isRemote(image.target) { request.remote.append(PhotoReference(name: image.target, path: "", text: image.alt, location: location)) }
                continue
            }
            guard let resolved = resolve(image.target, from: path, inside: folder) else {
                problems.append(.error("photo '\(image.target)' must be a file beside the entry", at: location))
                continue
            }
            request.inline.append(PhotoReference(name: image.target, path: resolved, text: image.alt, location: location))
        }
        if !split.yaml.isEmpty, let root = try? YAML.compose(split.yaml, .basic), let mapping = root.mapping {
            problems += frontMatter(mapping, source: source, split: split, folder: folder, into: &request)
        }
        return (request, problems)
    }

    /// `photos:`, `cover:` and `location:` of the front-matter.
    private static func frontMatter(_ mapping: Node.Mapping, source: SourceText, split: FrontMatterSplit, folder: String,
                                    into request: inout EntryPhotoRequest) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func location(_ node: Node) -> SourceLocation {
            source.location(line: split.yamlFirstLine + (node.mark?.line ?? 1) - 1, column: node.mark?.column ?? 1)
        }
        func reference(_ node: Node, name: String?, text: String) -> PhotoReference? {
            guard let name, !name.isEmpty else {
                problems.append(.error("a photo must be a file name or {file, caption}", at: location(node)))
                return nil
            }
            guard let path = resolve(name, from: request.entry, inside: folder) else {
                problems.append(.error("photo '\(name)' must be a file beside the entry", at: location(node)))
                return nil
            }
            return PhotoReference(name: name, path: path, text: text, location: location(node))
        }
        for (key, value) in mapping {
            switch key.string {
            case "photos":
                guard let items = value.sequence else {
                    problems.append(.error("photos must be a list of file names or {file, caption}", at: location(value)))
                    continue
                }
                for item in items {
                    let name = item.scalar?.string ?? item.mapping?["file"]?.string
                    if let found = reference(item, name: name, text: item.mapping?["caption"]?.string ?? "") { request.gallery.append(found) }
                }
            case "cover":
                request.cover = reference(value, name: value.scalar?.string, text: "")
            case "private":
                request.isPrivate = value.bool == true
            case "location", "place":
                request.locationFromPhoto = value.scalar?.string == "from-photo"
                if let lat = value.mapping?["lat"]?.float, let lon = value.mapping?["lon"]?.float { request.statedCoordinates = [lat, lon] }
            default:
                break
            }
        }
        return problems
    }
}

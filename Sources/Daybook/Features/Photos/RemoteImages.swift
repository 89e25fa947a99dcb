import Foundation

/// Images on another host (`![chart](https://example.org/chart.png)`), ordinary in imported
/// posts: shown as written, never fetched by the build, and warned of once per journal, since
/// every reader's browser then asks that host for them.
enum RemoteImages {
    /// Whether an entry file may name a photo at all, looked for in its bytes: most entries name
    /// none, and parsing them twice would cost a large journal's build a second parse. `photos`
    /// and `cover` count only as keys (a colon or `=` after them, past quotes and spaces), so an
    /// entry that merely says "photos" is not parsed again (a quarter of the benchmark's entries).
    static func mayNamePhotos(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { mayNamePhotos($0, whole: true) }
    }

    /// The same over a piece of a file: a key whose end lies past the piece counts as a key.
    static func mayNamePhotos(_ buffer: UnsafeBufferPointer<UInt8>, whole: Bool) -> Bool {
        // Every needle starts with a different byte: one pass looks for all of them, a table
        // telling at each byte which needle may start there (trying each needle at every byte
        // was a quarter of a preview's rebuild at 10,000 entries, every entry read each time).
        starts.withUnsafeBufferPointer { starts in
            var index = 0
            while index < buffer.count {
                let which = Int(starts[Int(buffer[index])])
                if which >= 0 {
                    let (needle, isKey) = needles[which]
                    if index + needle.count <= buffer.count, needle.indices.allSatisfy({ buffer[index + $0] == needle[$0] }),
                       !isKey || followedByKeyEnd(buffer, index + needle.count, whole: whole) {
                        return true
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// For each byte, the needle that starts with it, or -1.
    private static let starts: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (position, needle) in needles.enumerated() { table[Int(needle.0[0])] = Int8(position) }
        return table
    }()

    /// The bytes of the entry file at `path` (absolute) when it may name photos; nil when it
    /// names none or cannot be read. A large file is looked through a piece at a time first, so
    /// one that names no photo is not read whole beside its own loading (issue 23).
    static func bytesIfNamingPhotos(_ path: String) -> [UInt8]? {
        let piece = 1 << 20
        if (FileStat(path: path)?.size ?? 0) > piece {
            // A needle cut by a piece's end is whole in the next, which starts this much earlier.
            let overlap = needles.map(\.0.count).max()! - 1
            guard FileBytes.anyPiece(path, size: piece, overlap: overlap, { mayNamePhotos($0, whole: $1) }) == true else { return nil }
        }
        guard let bytes = FileBytes.read(path), mayNamePhotos(bytes) else { return nil }
        return bytes
    }

    private static let needles = [("![", false), ("photos", true), ("cover", true), ("from-photo", false)].map { (Array($0.0.utf8), $0.1) }

    /// A key's end: `:` (YAML, JSON) or `=` (TOML) after any quotes, spaces and tabs.
    private static func followedByKeyEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, whole: Bool) -> Bool {
        var index = start
        while index < buffer.count, [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(buffer[index]) {
            index += 1
        }
        guard index < buffer.count else { return !whole }
        return buffer[index] == UInt8(ascii: ":") || buffer[index] == UInt8(ascii: "=")
    }

    /// One warning for the journal's remote images, at the first; one more when a private entry
    /// has any, since loading it tells the host that entry was read.
    static func warnings(_ requests: [EntryPhotoRequest], wholeJournalPrivate: Bool) -> [Diagnostic] {
        let sorted = requests.sorted { $0.entry < $1.entry }
        guard let first = sorted.first?.remote.first else { return [] }
        let images = sorted.flatMap(\.remote)
        var warnings: [Diagnostic] = [.warning(
            "\(count(images.count, "image")) in \(count(sorted.count, "entry")) \(images.count == 1 ? "loads" : "load") from another host (\(hosts(images))): "
                + "every reader's browser asks that host for them; put a copy beside the entry to keep the site to itself",
            at: first.location)]
        let secret = sorted.filter { $0.isPrivate || wholeJournalPrivate }
        if let first = secret.first?.remote.first {
            let images = secret.flatMap(\.remote)
            warnings.append(.warning(
                "a private entry shows \(count(images.count, "image")) from \(hosts(images)): each reader who unlocks it tells "
                    + "that host the entry was read, from which address and when; put a copy beside the entry or take the image out",
                at: first.location))
        }
        return warnings
    }

    /// The hosts named, in order of first use, at most three.
    private static func hosts(_ images: [PhotoReference]) -> String {
        var seen: [String] = []
        for image in images {
            let host = URL(string: image.name.hasPrefix("//") ? "https:" + image.name : image.name)?.host ?? image.name
            if !seen.contains(host) { seen.append(host) }
        }
        return seen.prefix(3).joined(separator: ", ") + (seen.count > 3 ? " and \(seen.count - 3) more" : "")
    }

    private static func count(_ value: Int, _ word: String) -> String {
        value == 1 ? "1 \(word)" : "\(value) \(word == "entry" ? "entries" : word + "s")"
    }
}

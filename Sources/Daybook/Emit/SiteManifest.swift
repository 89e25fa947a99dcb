import Foundation

/// The `.daybook-site` file at the root of every site Daybook writes: it marks the folder as one
/// Daybook may update, and lists every file the last build put there. Anything else in the folder
/// is the user's (a `CNAME`, a `.git` of a pages branch), and no build replaces or removes it.
///
/// The list lives with the output rather than in the cache, so a build that cannot trust its
/// cache (`--no-cache`, a new Daybook version, a CI run that restored only the output) still knows
/// which files are Daybook's. One path per line, in the order of their bytes, after a line of
/// explanation and a blank line; `%`, a line feed and a carriage return in a path are written
/// `%25`, `%0A` and `%0D`.
enum SiteManifest {
    static let fileName = ".daybook-site"
    static let header = """
        This folder is written by Daybook. The files listed below are the ones it made: a build \
        replaces or removes them, and leaves every other file alone.

        """

    /// The list of `paths`, in the order of their bytes (`ByteOrder`).
    static func encode(_ paths: some Sequence<String>) -> [UInt8] {
        let sorted = ByteOrder.sorted(paths)
        var bytes = Array((header + "\n").utf8)
        bytes.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.utf8.count + 1 })
        for path in sorted {
            bytes += escape(path).utf8
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The paths a manifest lists; nil when it lists none because it is the bare marker that
    /// Daybook wrote before manifests (or not a manifest at all).
    static func decode(_ bytes: [UInt8]) -> Set<String>? {
        let head = Array((header + "\n").utf8)
        guard bytes.starts(with: head) else { return nil }
        // Line by line in the bytes: the text made whole, then split into characters, took an
        // update of a private journal (24,000 paths, read twice) about 0.08 s of CPU.
        var paths = Set<String>(minimumCapacity: bytes.count / 40)
        bytes.withUnsafeBufferPointer { all in
            var start = head.count
            for index in head.count...all.count where index == all.count || all[index] == 0x0A {
                if index > start { paths.insert(unescape(String(decoding: UnsafeBufferPointer(rebasing: all[start..<index]), as: UTF8.self))) }
                start = index + 1
            }
        }
        return paths
    }

    /// The list in the site folder `output`, nil when there is none (see `decode`).
    static func read(_ output: URL) -> Set<String>? {
        FileBytes.read(output.appendingPathComponent(fileName).path).flatMap(decode)
    }

    /// The error for a file of the user's, `path` in the site folder `output`, that a file of
    /// the site would take the place of.
    static func clash(_ path: String, in output: String) -> Diagnostic {
        .error("\(output)/\(path) was not made by Daybook, and a file of this build would take its place; move it out of the output folder (your own files belong in static/)")
    }

    private static func escape(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == 0x25 || $0 == 0x0A || $0 == 0x0D }) else { return path }
        return path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
            .replacingOccurrences(of: "\r", with: "%0D")
    }

    private static func unescape(_ line: String) -> String {
        // Looked for as a byte: Foundation's `contains` of a string took 9 ms over 24,000 paths.
        guard line.utf8.contains(0x25) else { return line }
        return line.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%25", with: "%")
    }
}

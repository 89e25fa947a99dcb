import Foundation
import Testing
@testable import Daybook

/// Generated photos for the photo tests (`scripts/make-photo.py`, Pillow), and what Pillow and
/// exiftool say of the copies a build wrote.
enum PhotoSupport {
    static let script = packageRoot.appendingPathComponent("scripts/make-photo.py").path

    /// Runs a program, returns its standard output; fails the test when it fails.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) failed")
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes a generated photo at `path` in `journal`, with `options` of make-photo.py.
    static func make(_ journal: TemporaryJournal, _ path: String, _ options: [String] = []) throws {
        let url = journal.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try run(["python3", script, url.path] + options)
    }

    /// The site's photo copies, relative paths.
    static func copies(_ site: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("photos").path)) ?? []).sorted().map { "photos/" + $0 }
    }

    /// Each image's size and the colours of its four corners (inset), as Pillow reads them.
    static func corners(_ files: [URL]) throws -> [String: String] {
        let code = """
        import sys, json
        from PIL import Image
        out = {}
        for path in sys.argv[1:]:
            im = Image.open(path).convert("RGB")
            w, h = im.size
            dx, dy = max(1, w // 8), max(1, h // 8)
            def name(p):
                r, g, b = p
                if r > 200 and g > 200 and b > 200: return "white"
                if r > 150 and g < 100 and b < 100: return "red"
                if g > 150 and r < 100 and b < 100: return "green"
                if b > 150 and r < 100 and g < 100: return "blue"
                return "other"
            cs = [name(im.getpixel(p)) for p in [(dx, dy), (w - 1 - dx, dy), (dx, h - 1 - dy), (w - 1 - dx, h - 1 - dy)]]
            out[path] = "%dx%d %s" % (w, h, " ".join(cs))
        print(json.dumps(out))
        """
        let output = try run(["python3", "-c", code] + files.map(\.path))
        return try JSONDecoder().decode([String: String].self, from: Data(output.utf8))
    }

    /// exiftool's tags of each file but the file system's and exiftool's own, and the image
    /// format's structure (`File`, `ExifTool`, `System`, `Composite`, `RIFF`, `JFIF`, `PNG`).
    static func metadata(_ files: [URL]) throws -> [String: [String]] {
        let output = try run(["exiftool", "-j", "-a", "-G", "-s"] + files.map(\.path))
        let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        let structural: Set<String> = ["SourceFile", "File", "ExifTool", "System", "Composite", "RIFF", "JFIF"]
        var result: [String: [String]] = [:]
        for item in parsed {
            let file = item["SourceFile"] as? String ?? ""
            result[file] = item.keys.filter { key in !structural.contains(key.split(separator: ":").first.map(String.init) ?? key) }.sorted()
        }
        return result
    }

    /// `photos/3f2a9c1d0b4e-960.webp` -> `photos/HASH-960.webp`: goldens do not depend on the
    /// libvips and Pillow versions that made the photos.
    static func normalized(_ html: String) -> String {
        html.replacingOccurrences(of: #"photos/[0-9a-f]{12}-"#, with: "photos/HASH-", options: .regularExpression)
            .replacingOccurrences(of: #"photos\.[0-9a-f]{10}\.js"#, with: "photos.HASH.js", options: .regularExpression)
    }
}

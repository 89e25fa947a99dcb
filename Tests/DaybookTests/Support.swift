import Foundation
import Testing
@testable import Daybook

/// A journal written into a fresh temporary folder from inline files.
struct TemporaryJournal {
    let root: URL
    /// The caches of its builds into `_site` (not the preview's).
    var cache: URL { root.appendingPathComponent(CacheFile.folder, isDirectory: true) }

    init(_ files: [String: String] = [:], bytes: [String: [UInt8]] = [:]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("daybook-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, Array(text.utf8)) }
        for (path, data) in bytes { try write(path, data) }
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func write(_ path: String, _ text: String) throws { try write(path, Array(text.utf8)) }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    var site: URL { root.appendingPathComponent("_site") }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// Loads one entry from text, as the build does.
func loadEntry(_ text: String, path: String = "entries/2024/05/01.md", timeZone: String = "UTC") -> (Entry?, [Diagnostic]) {
    EntryLoader(dates: DateParser(timeZone: TimeZone(identifier: timeZone)!), rawHTML: false)
        .load(path: path, bytes: Array(text.utf8))
}

/// Assembles entries written as `(path, front-matter lines)` into a journal.
func journal(_ entries: [(String, String)], settings: Settings = Settings()) -> (Journal, [Diagnostic]) {
    var loaded: [Entry] = []
    var problems: [Diagnostic] = []
    for (path, frontMatter) in entries {
        let (entry, diagnostics) = loadEntry("---\n\(frontMatter)\n---\nText.\n", path: path, timeZone: settings.timeZone)
        problems += diagnostics
        if let entry { loaded.append(entry) }
    }
    let (journal, linkProblems) = JournalAssembler.assemble(loaded, settings: settings)
    return (journal, problems + linkProblems)
}

/// All files under `folder`, relative path -> bytes.
func tree(_ folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [:] }
    for case let path as String in enumerator {
        var isDirectory: ObjCBool = false
        FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory)
        if !isDirectory.boolValue { result[path] = FileManager.default.contents(atPath: base + "/" + path) }
    }
    return result
}

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

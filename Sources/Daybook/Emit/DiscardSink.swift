import Foundation

/// `daybook check`: every stage runs, nothing is written.
struct DiscardSink: SiteSink {
    func makeFolders() throws {}
    func accept(_ files: [OutputFile], newFolders: Bool) throws {}
    func copy(_ paths: [String], from root: URL) throws {}
    func finish(current: Set<String>, removed: [String]) throws -> SinkResult { SinkResult() }
    func discard() {}
}

import Foundation
import Synchronization

/// Runs `transform` over `items` in chunks on up to `jobs` tasks at once and returns the results
/// in the order of `items`, whatever order the tasks finish in. `chunkSize`, when given, sets
/// the chunks' size instead of `chunksPerJob`.
func parallelMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], jobs: Int, chunksPerJob: Int = 4, chunkSize givenSize: Int? = nil,
    _ transform: @escaping @Sendable (Item) throws -> Result
) async throws -> [Result] {
    guard !items.isEmpty else { return [] }
    let jobs = max(1, jobs)
    let chunkSize = givenSize ?? max(1, items.count / (jobs * chunksPerJob) + 1)
    let starts = Array(stride(from: 0, to: items.count, by: chunkSize))
    var results = [[Result]](repeating: [], count: starts.count)
    try await withThrowingTaskGroup(of: (Int, [Result]).self) { group in
        var next = 0
        func addNext() {
            let chunk = next
            let start = starts[chunk]
            let slice = Array(items[start..<min(start + chunkSize, items.count)])
            group.addTask { (chunk, try slice.map(transform)) }
            next += 1
        }
        while next < starts.count && next < jobs { addNext() }
        while let (chunk, values) = try await group.next() {
            results[chunk] = values
            if next < starts.count { addNext() }
        }
    }
    return results.flatMap { $0 }
}

/// `transform` over `items` on every core, results in the order of `items`: `parallelMap` for
/// synchronous code (walking folders, counting postings), where a task group does not fit.
func concurrentMap<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
    let results = Mutex([Result?](repeating: nil, count: items.count))
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        let value = transform(items[index])
        results.withLock { $0[index] = value }
    }
    return results.withLock { $0.map { $0! } }
}

/// The number of parallel tasks a build uses by default: one per core.
public var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

/// A list that tasks add to at once.
final class Collected<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])
    func add(_ more: some Sequence<Element>) { items.withLock { $0 += more } }
    var all: [Element] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
}

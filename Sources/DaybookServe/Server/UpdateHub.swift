import Foundation
import Synchronization

/// The preview's state as the open pages see it: the build generation, when each file last
/// changed, where removed pages went, the current errors, and one event stream per open page.
final class UpdateHub: Sendable {
    private struct State {
        var generation = 0
        /// Output file -> the generation that last changed or removed it.
        var changedAt: [String: Int] = [:]
        var removed: Set<String> = []
        var moved: [String: String] = [:]
        var error: String?
        var streams: [Int: AsyncStream<String>.Continuation] = [:]
        var nextStream = 0
        var closed = false
    }

    private let state = Mutex(State())

    var generation: Int { state.withLock { $0.generation } }

    /// A rebuild finished: the changes, or the errors of a failed one (nil when it built).
    func publish(_ changes: SiteChanges, error: String?) {
        let (message, streams) = state.withLock { state -> (String, [AsyncStream<String>.Continuation]) in
            if !changes.isEmpty {
                state.generation += 1
                for path in changes.changed {
                    state.changedAt[path] = state.generation
                    state.removed.remove(path)
                    state.moved[path] = nil
                }
                for path in changes.removed {
                    state.changedAt[path] = state.generation
                    state.removed.insert(path)
                }
                state.moved.merge(changes.moved) { $1 }
            }
            state.error = error
            return (Self.event(changes, generation: state.generation, error: error), Array(state.streams.values))
        }
        for stream in streams { stream.yield(message) }
    }

    /// A new connection from a page loaded at generation `since`: its stream starts with what
    /// changed since then (after a computer's sleep, say) and the current errors.
    func subscribe(since: Int) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let refused = state.withLock { state -> Bool in
            if state.closed { return true }
            let id = state.nextStream
            state.nextStream += 1
            state.streams[id] = continuation
            continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.streams.removeValue(forKey: id) } }
            let changed = state.changedAt.filter { $0.value > since }.keys
            let missed = SiteChanges(changed: changed.filter { !state.removed.contains($0) }.sorted(),
                                     removed: changed.filter { state.removed.contains($0) }.sorted(),
                                     moved: state.moved.filter { changed.contains($0.key) })
            continuation.yield(Self.event(missed, generation: state.generation, error: state.error))
            return false
        }
        if refused { continuation.finish() }
        return stream
    }

    /// Ends every stream, so the server can stop with pages still open.
    func closeAll() {
        let streams = state.withLock { state in
            state.closed = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    var openStreams: Int { state.withLock { $0.streams.count } }

    /// One Server-Sent Event: `update` with the changes as JSON, its generation as the id.
    static func event(_ changes: SiteChanges, generation: Int, error: String?) -> String {
        let object: [String: Any] = [
            "generation": generation, "changed": changes.changed, "removed": changes.removed,
            "moved": changes.moved, "error": error ?? NSNull(),
        ]
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "id: \(generation)\nevent: update\ndata: \(json)\n\n"
    }
}

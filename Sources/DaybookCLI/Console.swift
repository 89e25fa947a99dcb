import Daybook
import Foundation
import Synchronization

/// Writes diagnostics, progress and the summary line.
enum Console {
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { error(diagnostic.rendered) }
    }

    /// Prints the problems of a failed run and the count, and returns the exit code.
    static func report(_ failure: BuildFailure, what: String) -> Int32 {
        print(failure.diagnostics)
        let count = failure.errorCount
        error("\(what) failed: \(count) error\(count == 1 ? "" : "s")")
        return 1
    }
}

/// A one-line progress display on a terminal, redrawn at most ten times a second.
final class ProgressLine: Sendable {
    private let lastDraw = Mutex<ContinuousClock.Instant?>(nil)
    private let enabled: Bool

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ progress: BuildProgress) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let draw = lastDraw.withLock { last -> Bool in
            if let last, now - last < .milliseconds(100), progress.done < progress.total { return false }
            last = now
            return true
        }
        guard draw else { return }
        let counts = progress.total > 0 ? " \(progress.done)/\(progress.total)" : ""
        FileHandle.standardError.write(Data("\r\u{1B}[K\(progress.stage)\(counts)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

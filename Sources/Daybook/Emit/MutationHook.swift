import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every change Emit makes to the file system (a folder or file made, linked, renamed or
/// removed) is announced here first. In a debug build the kill test uses it to stop the process
/// at the Nth change (`Tests/serve/test_kill.py`); a release build compiles it to nothing.
///
/// - `DAYBOOK_TEST_KILL_AT=N`: before the Nth change, send the process `DAYBOOK_TEST_KILL_SIGNAL`
///   (`KILL`, the default; `TERM` or `INT` to try the build's own handling of them).
/// - `DAYBOOK_TEST_MUTATION_LOG=PATH`: append a line for each change, to count and choose them.
enum MutationHook {
    @inline(__always)
    static func will(_ what: StaticString, _ path: String) {
        #if DEBUG
        hook?.announce(what, path)
        #endif
    }
}

#if DEBUG
private let hook = ArmedHook()

private final class ArmedHook: Sendable {
    let killAt: Int?
    let signalNumber: Int32
    let log: Int32
    let count = Atomic(0)

    init?() {
        let environment = ProcessInfo.processInfo.environment
        killAt = environment["DAYBOOK_TEST_KILL_AT"].flatMap { Int($0) }
        log = environment["DAYBOOK_TEST_MUTATION_LOG"].map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) } ?? -1
        switch environment["DAYBOOK_TEST_KILL_SIGNAL"] {
        case "TERM": signalNumber = SIGTERM
        case "INT": signalNumber = SIGINT
        default: signalNumber = SIGKILL
        }
        if killAt == nil && log < 0 { return nil }
    }

    func announce(_ what: StaticString, _ path: String) {
        let number = count.add(1, ordering: .sequentiallyConsistent).newValue
        if log >= 0 {
            let line = Array("\(number) \(what) \(path)\n".utf8)
            _ = line.withUnsafeBytes { FileWriter.writeAll(log, $0) }
        }
        guard number == killAt else { return }
        kill(getpid(), signalNumber)
        // A caught signal is handled on another thread: give it the time to ask the build to stop,
        // as a signal from outside would have had while the build went on.
        usleep(300_000)
    }
}
#endif

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts workers until the time is up, and turns what they do into findings.
struct Supervisor {
    let options: Options
    let mutator: Mutator
    var tried = 0
    var findings: [String] = []
    /// The environment variable that has a worker fail on purpose, and its value (`--self-test`).
    static let injectedFault = "DAYBOOK_FUZZ_INJECT"
    var injected: String?

    /// How a worker ended.
    enum Outcome {
        /// It ran out of time; `next` is the first input it did not finish.
        case finished(next: Int)
        case crashed(index: Int, signal: Int32)
        case hung(index: Int)
    }

    mutating func run() -> Int32 {
        let started = Date()
        tried = 0
        let deadline = started.timeIntervalSince1970 + options.seconds
        var next = 0
        while Date().timeIntervalSince1970 < deadline {
            switch runWorker(from: next, until: deadline) {
            case .finished(let done):
                if done == next && Date().timeIntervalSince1970 < deadline {
                    print("daybook-fuzz: a worker stopped without reading an input")
                    return 2
                }
                next = done
            case .crashed(let index, let signal):
                record("crash", index, "the worker died of signal \(signal)")
                next = index + 1
            case .hung(let index):
                record("hang", index, "more than \(options.hangSeconds) s of CPU on one input")
                next = index + 1
            }
        }
        let seconds = Int(Date().timeIntervalSince(started).rounded())
        print("daybook-fuzz: \(tried) inputs in \(seconds) s (seed \(options.seed)), \(findings.count) findings")
        for finding in findings { print("  " + finding) }
        return findings.isEmpty ? 0 : 1
    }

    private mutating func record(_ kind: String, _ index: Int, _ what: String) {
        // Past a hundred, more of the same says nothing new.
        guard findings.count < 100 else { return }
        let folder = URL(fileURLWithPath: options.findings)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(kind)-seed\(options.seed)-\(index).md")
        try? Data(mutator.input(index)).write(to: file)
        findings.append("\(kind) at input \(index): \(what); saved as \(file.path)")
    }

    /// One worker from input `from`, watched: its lines say which input it is on, and its CPU time
    /// (not the wall clock, which other work on the machine stretches) says whether it hangs.
    private mutating func runWorker(from: Int, until: Double) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--from", "\(from)", "--until", "\(until)", "--seed", "\(options.seed)", "--corpus", options.corpus]
        if let injected {
            // A failure put in on purpose needs no backtrace on the terminal.
            process.environment = ProcessInfo.processInfo.environment.merging([Self.injectedFault: injected, "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            print("daybook-fuzz: could not start a worker: \(error)")
            exit(2)
        }
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var pending: (index: Int, cpu: Double, wall: Date)?
        var next = from
        var partial = ""
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 250) == 0 {
                guard let current = pending else { continue }
                let spent = cpuSeconds(process.processIdentifier) - current.cpu
                if spent > options.hangSeconds || Date().timeIntervalSince(current.wall) > options.hangSeconds * 60 {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    return .hung(index: current.index)
                }
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            partial += String(decoding: buffer[..<count], as: UTF8.self)
            while let newline = partial.firstIndex(of: "\n") {
                let line = partial[..<newline]
                partial = String(partial[partial.index(after: newline)...])
                handle(line, pending: &pending, next: &next, process: process)
            }
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal, let current = pending {
            return .crashed(index: current.index, signal: process.terminationStatus)
        }
        return .finished(next: next)
    }

    private mutating func handle(_ line: Substring, pending: inout (index: Int, cpu: Double, wall: Date)?, next: inout Int, process: Process) {
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let index = Int(parts[1]) else { return }
        switch parts[0] {
        case "start": pending = (index, cpuSeconds(process.processIdentifier), Date())
        case "done":
            pending = nil
            next = index + 1
            tried += 1
        case "finding": record("unlocated", index, parts.count > 2 ? String(parts[2]) : "")
        default: break
        }
    }

    /// The CPU time a process has used so far, from /proc (user and system, in seconds).
    private func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

import Daybook
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The fuzz harness for Daybook's readers of untrusted text (docs/development.md, "Fuzzing").
// It runs a worker, a child process of this same executable, that makes inputs from the seed
// corpus and hands each to `InputProbe.check`; it watches the worker, so a crash (the worker
// dies) or a hang (an input takes more than a second of CPU) is a finding with its input saved,
// and then starts a new worker at the next input.
//
//   daybook-fuzz [--seconds 10] [--seed 1] [--corpus Tests/Fuzz/corpus] [--findings .build/fuzz-findings]
//   daybook-fuzz --replay FILE
//   daybook-fuzz --self-test     (a crash and a hang put in on purpose must be found)

struct Options {
    var seconds = 10.0
    var seed: UInt64 = 1
    var corpus = "Tests/Fuzz/corpus"
    var findings = ".build/fuzz-findings"
    var hangSeconds = 1.0
    var replay: String?
    var selfTest = false
    /// Worker mode: the first input's number and when to stop (seconds since 1970).
    var from: Int?
    var until = 0.0

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let name = rest.popFirst() {
            if name == "--self-test" { selfTest = true; continue }
            let value = rest.popFirst() ?? ""
            switch name {
            case "--seconds": seconds = Double(value) ?? seconds
            case "--seed": seed = UInt64(value) ?? seed
            case "--corpus": corpus = value
            case "--findings": findings = value
            case "--hang-seconds": hangSeconds = Double(value) ?? hangSeconds
            case "--replay": replay = value
            case "--from": from = Int(value)
            case "--until": until = Double(value) ?? 0
            default:
                FileHandle.standardError.write(Data("daybook-fuzz: unknown option \(name)\n".utf8))
                exit(2)
            }
        }
    }
}

func loadCorpus(_ folder: String) -> [[UInt8]] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    let files = names.compactMap { FileManager.default.contents(atPath: folder + "/" + $0).map(Array.init) }
    guard !files.isEmpty else {
        FileHandle.standardError.write(Data("daybook-fuzz: no seed inputs in \(folder)\n".utf8))
        exit(2)
    }
    return files
}

/// The worker: inputs from `from` on, each announced before it is read and after, until `until`.
func work(_ mutator: Mutator, from: Int, until: Double) -> Never {
    var index = from
    // `--self-test` has a worker fail on purpose: "crash:5" aborts at input 5, "hang:7" spins at 7.
    let injected = ProcessInfo.processInfo.environment[Supervisor.injectedFault]
    while Date().timeIntervalSince1970 < until {
        print("start \(index)")
        fflush(nil)
        if injected == "crash:\(index)" { abort() }
        if injected == "hang:\(index)" { spin() }
        if let finding = InputProbe.check(mutator.input(index)) {
            print("finding \(index) \(finding.split(separator: "\n").joined(separator: " "))")
        }
        print("done \(index)")
        fflush(nil)
        index += 1
    }
    exit(0)
}

/// Busy forever, as a reader caught in a loop would be.
func spin() -> Never {
    var counter = UInt64(0)
    while true {
        counter &+= 1
        if counter == 0 { print("") }
    }
}

/// Runs the harness with a crash and a hang put in; both must be found, and nothing else.
func selfTest(_ options: Options, _ mutator: Mutator) -> Int32 {
    var options = options
    options.seconds = 4
    // Apart from real findings, which a self-test's must never be taken for.
    options.findings += "/self-test"
    var supervisor = Supervisor(options: options, mutator: mutator)
    supervisor.injected = "crash:5"
    _ = supervisor.run()
    supervisor.injected = "hang:7"
    _ = supervisor.run()
    let kinds = supervisor.findings.map { String($0.prefix { $0 != ":" }) }
    let expected = ["crash at input 5", "hang at input 7"]
    print(kinds == expected ? "daybook-fuzz: the self-test found its crash and its hang" : "daybook-fuzz: the self-test expected \(expected), got \(kinds)")
    return kinds == expected ? 0 : 1
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if let replay = options.replay {
    let bytes = FileManager.default.contents(atPath: replay).map(Array.init) ?? []
    print(InputProbe.check(bytes) ?? "no finding")
    exit(0)
}
let mutator = Mutator(corpus: loadCorpus(options.corpus), seed: options.seed)
if let from = options.from { work(mutator, from: from, until: options.until) }
if options.selfTest { exit(selfTest(options, mutator)) }
var supervisor = Supervisor(options: options, mutator: mutator)
exit(supervisor.run())

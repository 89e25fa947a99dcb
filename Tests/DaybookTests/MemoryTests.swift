import Foundation
import Testing
@testable import Daybook

/// `serve` will rebuild a journal for hours in one process, so a build must let go of what it
/// made. The builds run in a child process of their own (an exit test), where nothing else the
/// test run does moves the resident memory measured.
@Suite struct MemoryTests {
    @Test func fiftyBuildsInOneProcessKeepMemoryFlat() async {
        await #expect(processExitsWith: .success) {
            var files: [String: String] = ["daybook.yml": "title: Memory\n"]
            let paragraph = String(repeating: "A day by the sea, written down at some length. ", count: 40)
            for day in 0..<400 {
                let (month, date) = (day / 28 % 12 + 1, day % 28 + 1)
                let year = 2000 + day / 336
                files["entries/\(year)/\(month)/\(day).md"] =
                    "---\ntitle: Day \(day)\ndate: \(year)-\(pad(month, 2))-\(pad(date, 2))\ntags: [t\(day % 9)]\n---\n\(paragraph)\n\n\(paragraph)\n"
            }
            let journal = try TemporaryJournal(files)
            defer { journal.remove() }
            var options = BuildOptions(journal: journal.root)
            // One core: the other suites run meanwhile, some of them timed (a fetch's timeout).
            options.jobs = 1
            var settled = 0
            for build in 1...50 {
                // Every build from scratch, the costliest kind: it holds every entry's body and view.
                options.useCache = build % 2 == 0
                _ = try await Builder.run(options)
                if build == 10 {
                    try await Task.sleep(for: .milliseconds(300))
                    settled = residentBytes()
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            let grown = residentBytes() - settled
            // A build that kept its journal would add about 4 MB each: 160 MB over the last 40.
            if grown > 24 << 20 {
                print("resident memory grew by \(grown >> 20) MB over 40 builds")
                exit(1)
            }
        }
    }
}

/// The process's resident memory now, in bytes.
func residentBytes() -> Int {
    #if os(Linux)
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    #else
    var info = mach_task_basic_info()
    var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
    let result = withUnsafeMutablePointer(to: &info) {
        $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) { task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count) }
    }
    return result == KERN_SUCCESS ? Int(info.resident_size) : 0
    #endif
}

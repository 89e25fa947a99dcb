import Foundation

/// Runs the built `daybook` binary the way a person would.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLI {
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["DAYBOOK_BIN"] { return URL(fileURLWithPath: path) }
        // The test bundle sits beside the binary in .build/<config>/.
        let beside = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("daybook")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/daybook")
    }

    /// - Parameters:
    ///   - input: standard input, through a pipe; nil: `/dev/null`.
    ///   - binary: another program to run instead of `daybook`.
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                    input: String? = nil, binary: URL? = nil) throws -> CLIResult {
        let process = Process()
        process.executableURL = binary ?? Self.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus,
                         stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

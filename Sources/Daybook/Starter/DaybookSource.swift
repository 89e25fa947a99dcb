import Foundation

/// Where the CI files of a new journal fetch Daybook's source, and the commit they insist on.
/// The address and the version are one line each in `DaybookVersion`; a fork or a mirror changes
/// that line, or passes `daybook init --daybook-source`.
public struct DaybookSource: Sendable, Equatable {
    public var repository: String
    /// The commit the tag `v<version>` points at: 40 hexadecimal digits.
    public var commit: String

    public init(repository: String, commit: String) {
        self.repository = repository
        self.commit = commit
    }

    public static var tag: String { "v\(DaybookVersion.string)" }

    /// Whether `text` is a full commit id (a short one could be made to match other code).
    public static func isCommit(_ text: String) -> Bool {
        text.utf8.count == 40 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The pin for `repository`: the given commit, this binary's own, or what the tag points at
    /// there now (`git ls-remote`, as a lock file pins what it finds on first use).
    /// Throws the message that says exactly what to set.
    public static func resolve(repository: String?, commit: String?) throws(BuildFailure) -> DaybookSource {
        let repository = repository ?? DaybookVersion.sourceRepository
        if let commit {
            guard isCommit(commit) else {
                throw BuildFailure([.error("--daybook-commit must be a full 40-digit commit id in lower case, got '\(commit)'")])
            }
            return DaybookSource(repository: repository, commit: commit)
        }
        if repository == DaybookVersion.sourceRepository, isCommit(DaybookVersion.sourceCommit) {
            return DaybookSource(repository: repository, commit: DaybookVersion.sourceCommit)
        }
        switch lookUpTag(in: repository) {
        case .success(let found): return DaybookSource(repository: repository, commit: found)
        case .failure(let failure): throw BuildFailure([.error(unpinned(repository, why: failure.why))])
        }
    }

    static func unpinned(_ repository: String, why: String) -> String {
        """
        the CI files must pin the commit that Daybook's tag \(tag) points at, and it is not known: \
        this build of Daybook does not carry it, and `git ls-remote \(repository) refs/tags/\(tag)` \(why).
          Set it:   daybook init --daybook-commit <the 40-digit commit of \(tag)> [--daybook-source <git address>]
          Find it:  git ls-remote <git address> refs/tags/\(tag)
          Or write no CI files:  daybook init --ci none
        Nothing was written.
        """
    }

    /// `git ls-remote REPOSITORY refs/tags/vX`, within 30 seconds, never asking for a password.
    static func lookUpTag(in repository: String) -> Result<String, Failure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "ls-remote", "--", repository, "refs/tags/\(tag)", "refs/tags/\(tag)^{}"]
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes -o ConnectTimeout=20"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do { try process.run() } catch { return .failure(Failure("could not run (is git installed?)")) }
        // Two lines at most, far below a pipe's buffer: read once git has ended.
        if done.wait(timeout: .now() + .seconds(30)) == .timedOut {
            process.terminate()
            return .failure(Failure("did not answer within 30 s"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationStatus == 0 else { return .failure(Failure("failed (exit \(process.terminationStatus))")) }
        return commit(inLsRemote: String(decoding: data, as: UTF8.self)).map { .success($0) } ?? .failure(Failure("found no such tag"))
    }

    /// The commit of an annotated tag is on its `^{}` line; a light tag has only its own line.
    static func commit(inLsRemote text: String) -> String? {
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }.filter { $0.count == 2 }
        let peeled = lines.first { $0[1].hasSuffix("^{}") } ?? lines.first
        return peeled.map { $0[0] }.flatMap { isCommit($0) ? $0 : nil }
    }

    struct Failure: Error {
        let why: String
        init(_ why: String) { self.why = why }
    }
}


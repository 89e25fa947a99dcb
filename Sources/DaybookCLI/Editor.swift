import Foundation

/// The user's text editor, chosen and run the way `git commit` does it.
struct Editor {
    /// The command as the user wrote it; it may carry arguments (`code --wait`, `emacs -nw`).
    var command: String

    /// `$VISUAL`, else `$EDITOR`, else `vi`; an empty variable counts as unset.
    static func chosen(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Editor {
        let set = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return Editor(command: set ?? "vi")
    }

    /// Whether a person is there to use an editor: stdin and stdout are both terminals.
    static var canEdit: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// The text on standard input when it is a pipe or a file; empty on a terminal or
    /// `/dev/null`, which would wait for typing or hold nothing.
    static func pipedText() -> String {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO || (info.st_mode & S_IFMT) == S_IFREG else { return "" }
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Opens `path` and waits until the editor closes; throws when it fails or cannot be run.
    /// The shell reads the command, so its arguments and quoting work, and the path is passed
    /// as `$1` so no character in it is ever read as shell syntax.
    func edit(_ path: String) throws(EditorFailure) {
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "sh", path]
        // posix_spawn, not `Process`: the editor must share our terminal and process group.
        var pid = pid_t()
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        // As git does: Ctrl-C and Ctrl-\ are the editor's to handle while it runs, not ours, so
        // Daybook ignores them meanwhile and the editor gets them as it would by default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let interrupt = signal(SIGINT, SIG_IGN), quit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, interrupt)
            signal(SIGQUIT, quit)
        }
        let spawned = posix_spawn(&pid, "/bin/sh", nil, &attributes, &argv, &envp)
        guard spawned == 0 else { throw EditorFailure(command: command, why: String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw EditorFailure(command: command, why: String(cString: strerror(errno))) }
        }
        // The shell's own exit status: 127 when the command was not found, 126 when not runnable.
        let signal = status & 0x7F, code = (status >> 8) & 0xFF
        if signal != 0 { throw EditorFailure(command: command, why: "it was stopped by signal \(signal)") }
        switch code {
        case 0: return
        case 127: throw EditorFailure(command: command, why: "it was not found")
        case 126: throw EditorFailure(command: command, why: "it could not be run")
        default: throw EditorFailure(command: command, why: "it exited with status \(code)")
        }
    }
}

struct EditorFailure: Error {
    var command: String
    var why: String
}

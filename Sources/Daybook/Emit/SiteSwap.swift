import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a new site takes the old one's place with nothing in between. Every build, full or
/// incremental, makes the whole new site in `next`, a folder beside the output (so on the same
/// file system), then exchanges the two folders in one system call (`renameat2(RENAME_EXCHANGE)`
/// on Linux, `renamex_np(RENAME_SWAP)` on macOS): at every instant the output's name holds the
/// whole old site or the whole new one. The old one, now at `next`, is then removed.
///
/// What a build stopped at any point leaves beside the output is recognised by its name, and the
/// next build removes it before anything else (`recover`). It never holds the only copy of a file
/// of the user's: those are hard-linked into the new site, never moved out of the old one.
struct SiteSwap {
    let output: URL
    /// Where `old` and its list are kept: nil, beside the output (the preview's folder, itself in
    /// `.daybook/`); `daybook build` keeps them in its cache folder, so nothing lies beside the
    /// journal's `_site` between builds. On another file system than the output, nothing is kept.
    var keptIn: URL? = nil

    /// The new site while it is made, and the old one after the exchange until it is removed.
    var next: URL { sibling("daybook-new") }
    /// The old site, only where the file system cannot exchange two folders: it is moved aside
    /// for the new one's rename, and the output's name is empty between the two renames.
    var previous: URL { sibling("daybook-old") }
    /// The old site after the exchange, kept for the next update (`swapIn(keepingOld:)`).
    var old: URL { kept("site-gone") ?? sibling("daybook-gone") }
    /// The paths where `old` differs from the output, one per line: written after the exchange,
    /// removed before `old` is touched, so `old` with this list beside it is always the site of
    /// one build ago, which the preview's next update brings up to date (`takeOld`).
    var oldChanges: URL { kept("site-gone-changes") ?? sibling("daybook-gone-changes") }
    /// `oldChanges` while it is written.
    private var oldChangesDraft: URL { kept("site-gone-changes-new") ?? sibling("daybook-gone-changes-new") }

    private func sibling(_ suffix: String) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).\(suffix)")
    }

    private func kept(_ name: String) -> URL? { keptIn?.appendingPathComponent(name) }

    /// The output folder's device and inode, the first line of `oldChanges`: the list is of the
    /// differences from that folder, and from no other site put in its place since (a build from
    /// scratch, another program, an older Daybook).
    private var outputIdentity: String? {
        var info = stat()
        guard lstat(output.path, &info) == 0 else { return nil }
        return "\u{0}\(info.st_dev) \(info.st_ino)"
    }

    /// Puts back or removes what a stopped build left beside the output: a site moved aside
    /// goes back when the output is missing, and then both folders go. Also puts right what a
    /// Daybook from before this way of swapping left (`LegacyLeftovers`).
    /// - Parameter keepingOld: leave the old site of the last build and its list of changes
    ///   (`oldChanges`) when both are there, for `takeOld`; else they go too.
    func recover(keepingOld: Bool = false) {
        if UserFiles.kind(output.path) == nil && UserFiles.kind(previous.path) == .folder {
            MutationHook.will("rename", previous.path)
            rename(previous.path, output.path)
        }
        for folder in [previous, next] { TreeLinks.remove(folder.path) }
        if !(keepingOld && UserFiles.kind(oldChanges.path) == .file && UserFiles.kind(old.path) == .folder) { removeOld() }
        LegacyLeftovers(output: output).recover()
    }

    /// The old site as `next`, with the paths where it differs from the output, when the last
    /// build left both (`keepOld`); nil, having changed nothing, otherwise.
    func takeOld() -> Set<String>? {
        guard UserFiles.kind(old.path) == .folder, let list = FileBytes.read(oldChanges.path) else { return nil }
        var lines = String(decoding: list, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let identity = outputIdentity, lines.first == identity else { return nil }
        lines.removeFirst()
        MutationHook.will("unlink", oldChanges.path)
        guard unlink(oldChanges.path) == 0 else { return nil }
        MutationHook.will("rename", next.path)
        guard rename(old.path, next.path) == 0 else { return nil }
        return Set(lines.filter { !$0.isEmpty })
    }

    /// When the last build wrote `oldChanges`, after its site took the output's place, by the
    /// file system's clock (its change time, in nanoseconds): every folder of the output that
    /// changed since (an entry added, removed or renamed in it, its times set) has a change time
    /// no earlier than that. Nil when there is no list, and `takeOld` takes no old site; nil too
    /// when that time is still to come by the clock now: the clock was set back since, and the
    /// change times of what was made meanwhile are earlier than it.
    var keptAt: Int? {
        FileStat.changeTime(of: oldChanges.path).flatMap { $0 <= FileStat.now ? $0 : nil }
    }

    /// Writes `oldChanges` for the old site a `swapIn(keepingOld: true)` left aside, whole or
    /// not at all (a temporary file renamed into place).
    func keepOld(differingIn paths: Set<String>) throws {
        guard UserFiles.kind(old.path) == .folder, let identity = outputIdentity else { return }
        let temporary = oldChangesDraft.path
        unlink(temporary)
        try FileWriter.write(Array(([identity] + paths.sorted()).joined(separator: "\n").utf8), to: temporary, exclusive: true)
        MutationHook.will("rename", oldChanges.path)
        guard rename(temporary, oldChanges.path) == 0 else { throw FileWriter.posixError("could not move \(temporary) to", oldChanges.path) }
    }

    /// Removes what a stopped build left, then makes `next`, empty.
    func makeNext() throws -> URL {
        recover()
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        MutationHook.will("mkdir", next.path)
        guard mkdir(next.path, 0o755) == 0 else { throw FileWriter.posixError("could not create", next.path) }
        return next
    }

    /// Puts the finished `next` in the output's place, and removes the old site. The last moment
    /// a build can be stopped with the previous site left as it was: a cancelled task stops here.
    /// - Parameters:
    ///   - exchange: `SiteSwap.exchange`; a test gives one that fails, for the fallback.
    ///   - keepingOld: move the old site to `old` (one rename) instead of removing it, for the
    ///     next update to start from (`keepOld`, `takeOld`); `recover` removes it otherwise.
    func swapIn(exchange: (String, String) -> Bool = SiteSwap.exchange, keepingOld: Bool = false) throws {
        try Task.checkCancellation()
        guard UserFiles.kind(output.path) != nil else {
            try move(next.path, output.path)
            return
        }
        MutationHook.will("exchange", output.path)
        if exchange(next.path, output.path) {
            if keepingOld {
                TreeLinks.remove(old.path)
                MutationHook.will("rename", old.path)
                if rename(next.path, old.path) == 0 { return }
            }
            TreeLinks.remove(next.path)
            return
        }
        try move(output.path, previous.path)
        do {
            try move(next.path, output.path)
        } catch {
            rename(previous.path, output.path)
            throw error
        }
        TreeLinks.remove(previous.path)
    }

    /// Removes the old site a `swapIn(keepingOld: true)` left aside and its list, if any: the
    /// list first, so a stop part way never leaves a list beside a half-removed site.
    func removeOld() {
        for path in [oldChanges.path, oldChangesDraft.path] where UserFiles.kind(path) != nil {
            MutationHook.will("unlink", path)
            unlink(path)
        }
        TreeLinks.remove(old.path)
    }

    /// Removes `next` after a failed build; the output is left as it was.
    func discard() {
        TreeLinks.remove(next.path)
    }

    private func move(_ from: String, _ to: String) throws {
        MutationHook.will("rename", to)
        guard rename(from, to) == 0 else { throw FileWriter.posixError("could not move \(from) to", to) }
    }

    /// Exchanges two folders of the same file system in one step; false when the system cannot
    /// (an old kernel or C library, a file system without support), having changed nothing.
    static func exchange(_ first: String, _ second: String) -> Bool {
        #if canImport(Darwin)
        return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
        #else
        return renameExchange.map { $0(AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */) == 0 } ?? false
        #endif
    }

    #if !canImport(Darwin)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc has `renameat2` since 2.28, but Swift's Glibc module does not declare it.
    private static let renameExchange: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    #endif
}

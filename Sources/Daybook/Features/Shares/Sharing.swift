import Foundation

/// What `daybook share` does, as a library (`Sources/DaybookCLI/ShareCommand.swift` is thin): share
/// an entry, list the shares, revoke one. It writes only `shares.yml`, never `daybook.yml`.
public enum Sharing {
    /// One active share as `--list` shows it.
    public struct Listed: Sendable, Equatable {
        public var entry: String
        /// The link; nil when it cannot be made (no site key in the environment).
        public var link: String?
        /// `shares.yml:3` or `daybook.yml:12`.
        public var listedAt: String
    }

    /// The link that opens `entry` (a path relative to the journal) alone: its address when it is
    /// public (nothing written), or else a new share's link, added to `shares.yml`. An entry
    /// already shared keeps its link.
    public static func share(journal: URL, entry: String, draft: Bool, secrets: Secrets) async throws(BuildFailure) -> (link: String, isNew: Bool) {
        let settings = try readSettings(journal)
        let read = try readEntry(journal, entry, settings: settings)
        if read.isDraft && !draft {
            throw BuildFailure([.error("this entry is a draft (draft: true); to share it anyway, run daybook share --draft \(entry)",
                                       at: SourceLocation(file: entry, line: read.keyLines["draft"] ?? 1))])
        }
        guard settings.privacy.wholeJournal || EntryPrivacy(read).isPrivate else {
            return (try await publicAddress(journal, entry, settings: settings), false)
        }
        let keys = try siteKeys(secrets, for: SourceLocation(file: entry, line: read.keyLines["private"] ?? 1))
        var (shares, problems) = ShareList.read(text: try? String(contentsOf: journal.appendingPathComponent(ShareList.fileName), encoding: .utf8))
        if problems.hasErrors { throw BuildFailure(problems) }
        if let old = (shares + settings.shares.items).first(where: { $0.entry == entry }) {
            return (link(ShareKeys(keys, id: old.id, entry: entry), settings: settings), false)
        }
        let share = Share.new(entry)
        shares.append(share)
        try write(shares, journal: journal)
        return (link(ShareKeys(keys, id: share.id, entry: entry), settings: settings), true)
    }

    /// Removes the share of `entry` from `shares.yml`; the next build removes its copy, and a
    /// later share makes a new link. A share listed in `daybook.yml` is named, not edited.
    public static func revoke(journal: URL, entry: String) throws(BuildFailure) {
        let settings = try readSettings(journal)
        var (shares, problems) = ShareList.read(text: try? String(contentsOf: journal.appendingPathComponent(ShareList.fileName), encoding: .utf8))
        if problems.hasErrors { throw BuildFailure(problems) }
        if shares.contains(where: { $0.entry == entry }) {
            shares.removeAll { $0.entry == entry }
            try write(shares, journal: journal)
            return
        }
        if let listed = settings.shares.items.first(where: { $0.entry == entry }) {
            throw BuildFailure([.error("\(entry) is shared here, in daybook.yml, which daybook share never rewrites; delete this item (entry and id) to unshare it",
                                       at: listed.location)])
        }
        throw BuildFailure([.error("\(entry) is not shared (see daybook share --list)")])
    }

    /// Every active share with its link: `shares.yml`'s, then `daybook.yml`'s.
    public static func list(journal: URL, secrets: Secrets) throws(BuildFailure) -> [Listed] {
        let settings = try readSettings(journal)
        let (shares, problems) = ShareList.read(text: try? String(contentsOf: journal.appendingPathComponent(ShareList.fileName), encoding: .utf8))
        if problems.hasErrors { throw BuildFailure(problems) }
        let keys = try? siteKeys(secrets, for: nil)
        return (shares + settings.shares.items).map { share in
            Listed(entry: share.entry, link: keys.map { link(ShareKeys($0, id: share.id, entry: share.entry), settings: settings) },
                   listedAt: "\(share.file):\(share.line)")
        }
    }

    static func link(_ keys: ShareKeys, settings: Settings) -> String {
        (settings.baseURL ?? "") + SharePack.folder + "#" + keys.fragment
    }

    private static func write(_ shares: [Share], journal: URL) throws(BuildFailure) {
        let url = journal.appendingPathComponent(ShareList.fileName)
        do {
            try Data(ShareList.text(shares).utf8).write(to: url, options: .atomic)
        } catch {
            throw BuildFailure([.error("could not write \(ShareList.fileName): \(error.localizedDescription)", at: SourceLocation(file: ShareList.fileName))])
        }
    }
}

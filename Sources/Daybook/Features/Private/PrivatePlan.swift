import Foundation

/// What of a journal is private, who may read what, and the secrets to lock it with: worked out
/// once the entries are read, before the journal is assembled, so the public pages are made from
/// a journal that never held a private entry.
struct PrivatePlan: Sendable, CustomStringConvertible {
    var description: String { "PrivatePlan(\(editions.count) editions, secrets redacted)" }
    /// One encrypted copy of the site, for the readers who may open the same entries.
    struct Edition: Sendable {
        /// "*" for readers who see everything, or their labels, sorted and joined by ",". Groups
        /// of readers with other labels who see the same entries share the edition of the first.
        var id: String
        var labels: Set<String>?
        var readers: [PrivacySettings.Reader]
    }

    var settings: PrivacySettings
    var keys: PrivateKeys
    var editions: [Edition]
    /// The password of each reader, by `Reader.key` ("" for the one reader of an unnamed journal).
    /// Never printed: `Secrets` reads them and nothing else holds them.
    var passwords: [String: String]
    /// The private entries' labels (empty: every reader), by source path; in a whole-private
    /// journal, only the entries that have labels.
    private var labels: [String: Set<String>]
    /// How many entries are private.
    private(set) var privateCount = 0
    /// Orders versions of the editions, so a browser refuses one older than it has opened: the
    /// newest entry's wall-clock time, or `SOURCE_DATE_EPOCH` when that is later (every commit).
    var generation = 0

    /// The keys of `edition` for its readers and their passwords as they are now.
    func keys(for edition: Edition) -> EditionKeys {
        let readers = edition.readers.map { (name: $0.key, password: passwords[$0.key] ?? "") }
        return keys.edition(edition.id, epoch: keys.epoch(edition.id, readers: readers))
    }

    /// The sealer of each edition, in the order of `editions`.
    var sealers: [Sealer] { editions.map { Sealer(keys(for: $0)) } }

    /// The plan for the `entries` the build publishes (`published`), or nil for a journal with
    /// nothing private. A private journal without its secrets gets errors, never a plan.
    /// The entries are looked at in place, not filtered into a copy: entries are large values.
    static func make(_ entries: [Entry], published: (Entry) -> Bool = { _ in true }, settings: PrivacySettings,
                     environment: Secrets) -> (PrivatePlan?, [Diagnostic]) {
        var labels: [String: Set<String>] = [:], privateCount = 0
        var problems: [Diagnostic] = []
        var firstPrivate: SourceLocation?
        // One pass over the entries, on every build and preview save: the newest's time too.
        var newest = 0
        for index in entries.indices where published(entries[index]) {
            newest = max(newest, entries[index].date.wallClockSeconds)
            let marks = EntryPrivacy(entries[index])
            problems += marks.problems
            guard settings.wholeJournal || marks.isPrivate else { continue }
            privateCount += 1
            // A journal's readers (`journals: {dreams: {readers: [me]}}`) for entries that name none.
            let entryLabels = marks.labels.isEmpty ? settings.journalReaders[entries[index].journal] ?? [] : marks.labels
            // Every entry of a whole-private journal is private: only those with labels are noted,
            // not 10,000 empty sets on every save.
            if !settings.wholeJournal || !entryLabels.isEmpty { labels[entries[index].sourcePath] = entryLabels }
            if marks.isPrivate, firstPrivate == nil { firstPrivate = marks.location }
        }
        guard settings.wholeJournal || !labels.isEmpty else { return (nil, problems) }
        let readers = settings.readers.isEmpty ? [PrivacySettings.Reader(name: "", labels: nil)] : settings.readers
        problems += unreadLabels(labels, readers: readers, entries: entries)
        let why = settings.wholeJournal
            ? SourceLocation(file: "daybook.yml", line: settings.wholeJournalLine, column: settings.wholeJournalColumn) : firstPrivate
        let (secrets, secretProblems) = environment.read(readers: readers, named: !settings.readers.isEmpty, for: why)
        guard let secrets, secretProblems.isEmpty else { return (nil, problems + secretProblems) }
        var plan = PrivatePlan(settings: settings, keys: PrivateKeys(siteKey: secrets.siteKey),
                               editions: editions(readers, seeing: labels), passwords: secrets.passwords, labels: labels)
        plan.generation = max(newest, environment.sourceDateEpoch ?? 0)
        plan.privateCount = privateCount
        return (plan, problems)
    }

    /// The readers grouped by the private entries they may open, in a fixed order. Readers are
    /// first grouped by their labels; groups that open the same entries (labels no entry carries
    /// yet, say) then share one edition, named after the first group, so no second copy of the
    /// same pages is sealed on every build nor shows the host one more group of readers.
    static func editions(_ readers: [PrivacySettings.Reader], seeing labels: [String: Set<String>]) -> [Edition] {
        var groups: [String: Edition] = [:]
        for reader in readers {
            let labels = reader.labels.map(Set.init)
            let id = labels.map { $0.sorted().joined(separator: ",") } ?? "*"
            groups[id, default: Edition(id: id, labels: labels, readers: [])].readers.append(reader)
        }
        let sorted = groups.values.sorted { $0.id < $1.id }
        guard sorted.count > 1 else { return sorted }
        // Any order of the entries does, the same for every group.
        let entryLabels = Array(labels.values)
        var shared: [[Bool]: Edition] = [:]
        for group in sorted {
            let opened = entryLabels.map { opens($0, group.labels) }
            if shared[opened] == nil { shared[opened] = group } else { shared[opened]?.readers += group.readers }
        }
        return shared.values.sorted { $0.id < $1.id }
    }

    /// Whether readers with `readerLabels` (nil: every entry) open an entry with `entryLabels`
    /// (empty: every reader).
    private static func opens(_ entryLabels: Set<String>, _ readerLabels: Set<String>?) -> Bool {
        guard !entryLabels.isEmpty, let readerLabels else { return true }
        return !entryLabels.isDisjoint(with: readerLabels)
    }

    /// A warning for each label on an entry that only readers without labels can open.
    private static func unreadLabels(_ labels: [String: Set<String>], readers: [PrivacySettings.Reader], entries: [Entry]) -> [Diagnostic] {
        let known = Set(readers.flatMap { $0.labels ?? [] })
        // Found among the private entries first: most journals have none, and then the entries
        // (large values) are not walked at all.
        let unread = labels.filter { !$0.value.isEmpty && $0.value.isDisjoint(with: known) }
        guard !unread.isEmpty else { return [] }
        var problems: [Diagnostic] = []
        for index in entries.indices {
            guard let entryLabels = unread[entries[index].sourcePath] else { continue }
            problems.append(.warning("no reader has the label \(entryLabels.sorted().joined(separator: ", ")); only readers without labels will see this entry",
                                     at: SourceLocation(file: entries[index].sourcePath, line: entries[index].keyLines["readers"] ?? 1)))
        }
        return problems
    }

    /// Whether the public pages show `entry`.
    func isPublic(_ entry: Entry) -> Bool { !settings.wholeJournal && labels[entry.sourcePath] == nil }

    /// Whether `edition` shows `entry`: a public entry, an unlabelled private one, or one that
    /// shares a label with the edition's readers (every one for readers without labels).
    func shows(_ entry: borrowing Entry, in edition: Edition) -> Bool {
        Self.opens(labels[entry.sourcePath] ?? [], edition.labels)
    }

    /// Whether `edition` shows every entry: then its journal is made from the entries as they are,
    /// without a copy of each (`shows`).
    func showsAll(_ edition: Edition) -> Bool {
        labels.values.allSatisfy { Self.opens($0, edition.labels) }
    }
}

/// What an entry's front-matter says of its privacy: `private: true` and `readers: [labels]`.
struct EntryPrivacy {
    var isPrivate = false
    var labels: Set<String> = []
    var location: SourceLocation
    var problems: [Diagnostic] = []

    // Borrowed: an initializer takes its arguments owned, which copied every entry (all its
    // fields retained) to read three of them.
    init(_ entry: borrowing Entry) {
        // Where `private:` is, looked up only for an entry that has privacy keys: most have none,
        // and every entry of the journal is looked at on every build.
        guard entry.extra["private"] != nil || entry.extra["readers"] != nil else {
            location = SourceLocation(file: entry.sourcePath)
            return
        }
        location = SourceLocation(file: entry.sourcePath, line: entry.keyLines["private"] ?? 1)
        if let value = entry.extra["private"] {
            switch value {
            case .text(let text) where ["true", "yes", "on"].contains(text.lowercased()): isPrivate = true
            case .text(let text) where ["false", "no", "off"].contains(text.lowercased()): break
            default: problems.append(.error("private must be true or false", at: location))
            }
        }
        if let value = entry.extra["readers"] {
            let at = SourceLocation(file: entry.sourcePath, line: entry.keyLines["readers"] ?? 1)
            switch value {
            case .text(let label) where !label.isEmpty: labels = [label]
            case .list(let items):
                labels = Set(items.compactMap { if case .text(let label) = $0, !label.isEmpty { label } else { nil } })
                if labels.count != items.count { problems.append(.error("readers must be a list of labels, such as [family]", at: at)) }
            default: problems.append(.error("readers must be a list of labels, such as [family]", at: at))
            }
            // Labels say who may read the entry: it is private even without `private: true`.
            if !labels.isEmpty { isPrivate = true }
        }
    }
}

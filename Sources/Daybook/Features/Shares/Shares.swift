/// Sharing one entry by a link (`daybook share`, `docs/shares.md`). A public entry's link is its
/// address, and the build does nothing for it. A private entry's copy (its page as the share
/// page shows it, its photos) is sealed under a key derived from the site key, the share's id
/// and the entry's path, and published as `share/<name>.js`; the link carries the key after `#`,
/// which no browser sends to the host. The write stage makes the copies (`SharedCopies`).
struct Shares: Feature {
    /// Every share: `shares.yml`'s, then `daybook.yml`'s `shares:`.
    var items: [Share]

    static func load(_ input: FeatureInput) async -> (feature: Shares, problems: [Diagnostic]) {
        var (items, problems) = ShareList.read(text: input.files.sharesText)
        for share in input.settings.shares.items {
            if items.contains(where: { $0.id == share.id }) {
                problems.append(.error("two shares have the id \(share.id)", at: share.location))
            } else {
                items.append(share)
            }
        }
        // A share whose entry is gone fails the build rather than vanish: its link would open
        // nothing, and the user should decide (revoke it, or put the entry back).
        let entries = Set(input.files.entries)
        for share in items where !entries.contains(share.entry) {
            problems.append(.error("the shared entry \(share.entry) is not in the journal; unshare it with `daybook share --revoke \(share.entry)`\(share.file == ShareList.fileName ? "" : " and delete this item")",
                                   at: share.location))
        }
        return (Shares(items: items), problems)
    }

    /// An edition does not share: the copies are made once, by the public pass.
    static var loadsPerEdition: Bool { false }
}

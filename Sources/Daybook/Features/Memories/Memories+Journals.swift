/// "On this day" of one journal of several: its home (`JournalHomePage`) shows its block and its
/// page (`travel/on-this-day/`, `JournalScoped<OnThisDayPage>`) the whole page, from its entries
/// alone, with data files of its own under `travel/on-this-day/`, so the reader's day shows
/// only that journal's entries too. Their links are the entries' addresses in the whole site.
extension Memories {
    /// Worked out from the journal's own entries as `ShownJournals` lists them: the journals
    /// assemble beside this feature, so their journals alone are not there yet, and are not
    /// needed (the groups and files take the whole journal's indices and addresses).
    static func ofJournals(_ journal: Journal, words: OnThisDayWords) -> [OnThisDayShown] {
        ShownJournals.entries(of: journal).compactMap { shown in
            OnThisDayShown(journal: journal, words: words, positions: shown.entries, folder: shown.info.name + "/")
        }
    }

    /// The journal's own "on this day" that `page` shows, if it is a journal's home or page.
    func journalShown(on page: Page) -> OnThisDayShown? {
        guard page.is(JournalHomePage.self) || page.is(JournalScoped<OnThisDayPage>.self), page.index < journals.count else { return nil }
        return journals[page.index]
    }
}

/// `writers/`: every writer of published entries, with portrait and counts; made only when
/// there are two or more.
enum WritersPage: SinglePageKind {
    static let template = "writers"

    static func indices(in journal: Journal) -> Range<Int> { WriterIndex.of(journal).shown ? 0..<1 : 0..<0 }

    static func sitePath(_ index: Int, in journal: Journal) -> String { "writers/" }

    static func structure(_ index: Int, in journal: Journal) -> [String] {
        WriterIndex.of(journal).writers.map(WriterIndex.summary)
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let writers = WriterIndex.of(page.journal).writers
        return (page.words.text("writers"), [
            "writers": writers.map { item -> [String: Any] in
                var block = Writers.block(item, page)
                block["count_text"] = page.entriesText(item.entries.count)
                block["words_text"] = page.words.count("words_count", item.words)
                return block
            },
            "count_text": page.words.count("writers_count", writers.count),
        ])
    }
}

/// `writers/<key>/`: a writer's entries in month sections, newest first, like a tag's.
enum WriterPage: PageKind {
    static let template = "writer"
    static let sharesRows = true
    static let showsCompactRows = true

    static func indices(in journal: Journal) -> Range<Int> {
        let index = WriterIndex.of(journal)
        return index.shown ? index.writers.indices : 0..<0
    }

    static func sitePath(_ index: Int, in journal: Journal) -> String { WriterIndex.of(journal).writers[index].path }

    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] { WriterIndex.of(journal).writers[index].entries }

    static func structure(_ index: Int, in journal: Journal) -> [String] { [WriterIndex.summary(WriterIndex.of(journal).writers[index])] }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let item = WriterIndex.of(page.journal).writers[index]
        var writer = Writers.block(item, page)
        writer["count_text"] = page.entriesText(item.entries.count)
        writer["words_text"] = page.words.count("words_count", item.words)
        return (item.name, [
            "writer": writer,
            "sections": page.sections(item.entries, compact: true),
            "all_writers": page.linker.href("writers/"),
        ])
    }
}

extension Writers {
    /// A writer's block on `page`, with the portrait the build made, if any.
    static func block(_ item: WriterIndex.Item, _ page: PageContext) -> [String: Any] {
        let feature = page.features.lazy.compactMap { $0 as? Writers }.first ?? Writers()
        return feature.block(item, page.linker)
    }
}

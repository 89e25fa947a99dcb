import Foundation
import Testing
@testable import Daybook

@Suite struct JournalFilesTests {
    @Test(arguments: [
        ("2024/05-01.md", true), ("2024/Trip.MD", true), ("notes.markdown", true), ("x.Markdown", true),
        ("photo.jpg", false), ("readme", false), ("draft.md.bak", false), ("old.md/notes", false), ("md", false),
    ])
    func knowsAnEntryFileByItsExtension(path: String, isEntry: Bool) {
        #expect(JournalFiles.isEntryFile(path) == isEntry)
    }

    @Test func listsEntryFilesInOrderAndLeavesTheRestOut() throws {
        let journal = try TemporaryJournal([
            "entries/2024/b.md": "b", "entries/2024/a.MARKDOWN": "a", "entries/2023/z.md": "z",
            "entries/2024/photo.jpg": "p", "entries/.hidden.md": "h", "entries/folder.md/inner.txt": "i",
        ])
        defer { journal.remove() }
        let files = try JournalFiles.scan(journal.root)
        #expect(files.entries == ["entries/2023/z.md", "entries/2024/a.MARKDOWN", "entries/2024/b.md"])
    }
}

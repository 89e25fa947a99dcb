import Foundation
import Testing
@testable import Daybook

/// An entry with photos and the home page listing it, compared with `Goldens/photos/`, photo
/// hashes made `HASH` (they follow the libvips and Pillow versions that made them).
@Suite struct PhotosGoldenTests {
    static let folder = "entries/2024/05/2024-05-01-ferry"

    @Test func rendersPicturesGalleryAndCoverAsRecorded() async throws {
        let journal = try TemporaryJournal([
            "daybook.yml": "title: Photos\n",
            "\(Self.folder)/index.md": """
                ---
                title: Ferry to the island
                cover: quay.png
                photos:
                  - {file: quay.png, caption: The quay at noon}
                  - boat.jpg
                ---
                We took the early ferry.

                ![The harbour at dawn](harbour.jpg)

                """,
            "entries/2024/05/2024-05-02.md": "---\ntitle: A quiet day\n---\nNo photos today.\n",
        ])
        defer { journal.remove() }
        try PhotoSupport.make(journal, "\(Self.folder)/harbour.jpg", ["--size", "3000x2000", "--orientation", "6"])
        try PhotoSupport.make(journal, "\(Self.folder)/quay.png", ["--format", "png", "--size", "900x600"])
        try PhotoSupport.make(journal, "\(Self.folder)/boat.jpg", ["--size", "400x600"])
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let pages = ["2024/05/01/ferry/index.html", "index.html", "2024/05/02/a-quiet-day/index.html"]
        var site: [String: Data] = [:]
        for page in pages { site[page] = Data(PhotoSupport.normalized(try journal.read("_site/\(page)")).utf8) }
        let entry = String(decoding: site[pages[0]] ?? Data(), as: UTF8.self)
        #expect(entry.contains("srcset=\"../../../../photos/HASH-480.webp 480w, ../../../../photos/HASH-960.webp 960w, ../../../../photos/HASH-1600.webp 1600w, ../../../../photos/HASH-2400.webp 2400w\""))
        #expect(entry.contains("width=\"2400\" height=\"1600\" alt=\"The harbour at dawn\" loading=\"lazy\" decoding=\"async\""))
        #expect(!String(decoding: site[pages[2]] ?? Data(), as: UTF8.self).contains("photos/"))
        try expectGolden(site, in: packageRoot.appendingPathComponent("Tests/DaybookTests/Goldens/photos"), named: "Goldens/photos")
    }
}

import Foundation
import Testing
@testable import Daybook

/// Sharing one entry by a link (`docs/shares.md`): the keys, the list of shares, the refusals,
/// and the real binary's `daybook share`, `--list` and `--revoke` with the builds that follow.
@Suite struct SharesTests {
    static let siteKey = PrivateBuildTests.secrets["DAYBOOK_SITE_KEY"]!
    static let env = PrivateBuildTests.secrets
    static let files = PrivateBuildTests.journalFiles.merging([
        "entries/2024/05/2024-05-03-draft.md": "---\ntitle: Unfinished\ndate: 2024-05-03\nprivate: true\ndraft: true\n---\nHalf a thought.\n",
        "entries/2024/05/2024-05-04-empty.md": "---\ntitle: Empty\ndate: 2024-05-04\nprivate: true\n---\n",
        "entries/2024/05/2024-05-05-other.md": "---\ntitle: Echidnamarker\ndate: 2024-05-05\nprivate: true\n---\nA longer private entry that nobody shares, with more words than the shared one has in it.\n",
    ]) { $1 }
    static let shared = "entries/2024/05/2024-05-02-zanzibar.md"

    /// Known answers from the Python reference (`Tests/site/private_reference.py`).
    @Test func theShareKeysAreTheReferencesAndBindTheIdAndTheEntry() {
        let keys = PrivateKeys(siteKey: Self.siteKey), id = "00112233445566778899aabbccddeeff"
        let share = ShareKeys(keys, id: id, entry: "entries/2024/05/02.md")
        #expect(hexString(share.key) == "8b50b98aae0a35160fb2bfb543734d3c66c011c1d915f7a5dd72e3fea3cc71d4")
        #expect(hexString(share.nonceKey) == "d8ed448da4a028d5c8fa988095427f3ff0adea9a6f89cc5c8de2aea2f2088278")
        #expect(ShareKeys.fileName(id: id) == "2ce23d223533f8ca8348afbb248c47cf")
        #expect(ShareKeys(keys, id: id, entry: "entries/2024/05/03.md").key != share.key)
        #expect(ShareKeys(keys, id: "ffeeddccbbaa99887766554433221100", entry: "entries/2024/05/02.md").key != share.key)
        #expect(share.fragment.hasPrefix(id + ".") && share.fragment.count == 32 + 1 + 43)
        #expect("\(share)" == "ShareKeys(redacted)")
    }

    @Test func theSharesFileReadsBackWhatItWritesAndNamesABadItemsLine() {
        let shares = [Share.new("entries/a.md"), Share.new("entries/b \"quoted\".md")]
        #expect(shares[0].id != shares[1].id && ShareList.isID(shares[0].id))
        let (read, problems) = ShareList.read(text: ShareList.text(shares))
        #expect(problems.isEmpty)
        #expect(read.map(\.entry) == shares.map(\.entry) && read.map(\.id) == shares.map(\.id))
        #expect(read.map(\.line) == [4, 6])
        #expect(ShareList.read(text: ShareList.text([])).0.isEmpty)
        let bad = ShareList.read(text: "- entry: entries/a.md\n  id: \(shares[0].id)\n- entry: entries/b.md\n  id: nothex\n").1
        #expect(bad.map(\.headline) == ["shares.yml:3:3: error: a share needs entry: <file> and id: <32 hex digits> (made by daybook share)"])
    }

    /// A page a link of the entry names (its place, a tag: `index.html` in a site without
    /// base_url) was packed as a file the entry shows, and opened from the share: a way into the
    /// journal. Only the photos go in, and the draft notice stays out.
    @Test func theCopyHoldsTheEntrysPhotosAndNoPage() throws {
        let html = """
            <nav><a href="../../../../index.html">Home</a></nav><article class="entry"><p class="entry-draft"><strong>Draft</strong>: shown</p>
            <a href="../../../../places/oslo/index.html">Oslo</a> <a href="../../../../tags/sea/">#sea</a>
            <img src="../../../../photos/a.webp" srcset="../../../../photos/a-480.webp 480w, ../../../../photos/a-960.webp 960w"></article>
            """
        let files: [String: [UInt8]] = ["photos/a.webp": [1], "photos/a-480.webp": [2], "photos/a-960.webp": [3],
                                        "places/oslo/index.html": [4], "tags/sea/index.html": [5], "index.html": [6]]
        let pack = try #require(EditionPack.unframe(SharePack.make(page: SharePack.Page(sitePath: "2024/05/02/x/", html: Array(html.utf8)), files: files)))
        #expect(Set(pack.keys) == ["/article", "/share", "photos/a.webp", "photos/a-480.webp", "photos/a-960.webp"])
        let article = String(decoding: pack["/article"] ?? [], as: UTF8.self)
        #expect(article.hasPrefix("<article class=\"entry\">") && article.hasSuffix("</article>") && !article.contains("Draft") && !article.contains("Home"))
        #expect(String(decoding: pack["/share"] ?? [], as: UTF8.self) == #"{"path":"2024/05/02/x/"}"#)
    }

    @Test func anEntryWithNoTextADraftAndAPublicEntryAreRefusedOrAnsweredWithoutWriting() async throws {
        let journal = try TemporaryJournal(Self.files)
        defer { journal.remove() }
        let secrets = Secrets(Self.env)
        await #expect(throws: BuildFailure.self) { try await Sharing.share(journal: journal.root, entry: "entries/2024/05/2024-05-04-empty.md", draft: false, secrets: secrets) }
        do {
            _ = try await Sharing.share(journal: journal.root, entry: "entries/2024/05/2024-05-04-empty.md", draft: true, secrets: secrets)
        } catch {
            #expect(error.diagnostics.map(\.headline) == ["entries/2024/05/2024-05-04-empty.md:1:1: error: this entry has no text yet, so its link would show nothing; write it, then share it"])
        }
        do {
            _ = try await Sharing.share(journal: journal.root, entry: "entries/2024/05/2024-05-03-draft.md", draft: false, secrets: secrets)
            Issue.record("a draft was shared without --draft")
        } catch {
            #expect(error.diagnostics.map(\.headline) == ["entries/2024/05/2024-05-03-draft.md:5:1: error: this entry is a draft (draft: true); to share it anyway, run daybook share --draft entries/2024/05/2024-05-03-draft.md"])
        }
        let ferry = try await Sharing.share(journal: journal.root, entry: "entries/2024/05/2024-05-01-ferry.md", draft: false, secrets: secrets)
        #expect(ferry.link == "https://example.org/2024/05/01/ferry/" && !ferry.isNew)
        #expect(!journal.exists(ShareList.fileName))
        do {
            _ = try await Sharing.share(journal: journal.root, entry: Self.shared, draft: false, secrets: Secrets([:]))
            Issue.record("shared without a site key")
        } catch {
            #expect(error.diagnostics.first?.headline.hasPrefix("\(Self.shared):4:1: error: DAYBOOK_SITE_KEY is not set") == true)
        }
        #expect(!journal.exists(ShareList.fileName))
    }

    /// The link's key opens the copy; the copy holds the entry and nothing of another entry; every
    /// copy of a build has the same size; the share page is there whether anything is shared or not.
    @Test func theRealBinarySharesListsAndRevokes() throws {
        let journal = try TemporaryJournal(Self.files)
        defer { journal.remove() }
        #expect(try PrivateBuildTests.build(journal, env: Self.env).status == 0)
        #expect(journal.exists("_site/share/index.html"))
        let shared = try CLI.run(["share", Self.shared, "--journal", journal.root.path], environment: Self.env)
        #expect(shared.status == 0, "\(shared.stderr)")
        let link = shared.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(link.hasPrefix("https://example.org/share/#"))
        let again = try CLI.run(["share", Self.shared, "--journal", journal.root.path], environment: Self.env)
        #expect(again.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == link)
        let draft = try CLI.run(["share", "--draft", "entries/2024/05/2024-05-03-draft.md", "--journal", journal.root.path], environment: Self.env)
        #expect(draft.status == 0, "\(draft.stderr)")
        #expect(try PrivateBuildTests.build(journal, env: Self.env).status == 0)

        let copies = try tree(journal.site).filter { $0.key.hasPrefix("share/") && $0.key != "share/index.html" && !$0.key.hasPrefix("share/share.") }
        #expect(copies.count == 2 && Set(copies.values.map(\.count)).count == 1)
        let opened = try Self.open(link, site: journal.site)
        let article = String(decoding: opened["/article"] ?? [], as: UTF8.self)
        #expect(article.contains("The numbatmarker text.") && article.contains("Platypusmarker"))
        #expect(!article.contains("Echidnamarker") && !article.contains("Half a thought"))

        let listed = try CLI.run(["share", "--list", "--journal", journal.root.path], environment: Self.env)
        #expect(listed.stdout.contains("\(Self.shared)\t\(link)\tshares.yml:4"))
        let revoked = try CLI.run(["share", "--revoke", Self.shared, "--journal", journal.root.path], environment: Self.env)
        #expect(revoked.status == 0)
        #expect(try PrivateBuildTests.build(journal, env: Self.env).status == 0)
        #expect((try? Self.open(link, site: journal.site)) == nil)
        // Nor does its key open any copy left (the draft's).
        let left = try tree(journal.site).filter { $0.key.hasPrefix("share/") && $0.key.hasSuffix(".js") && !$0.key.hasPrefix("share/share.") }
        #expect(left.count == 1)
        for name in left.keys {
            let id = String(name.dropFirst("share/".count).dropLast(3))
            #expect((try? Self.open(link, site: journal.site, file: id)) == nil)
        }
        let reshared = try CLI.run(["share", Self.shared, "--journal", journal.root.path], environment: Self.env)
        #expect(reshared.status == 0 && reshared.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != link)
        let notShared = try CLI.run(["share", "--revoke", "entries/2024/05/2024-05-05-other.md", "--journal", journal.root.path], environment: Self.env)
        #expect(notShared.status == 1 && notShared.stderr.contains("error: entries/2024/05/2024-05-05-other.md is not shared"))
    }

    /// The files of the copy the link names (or of the copy named `file`), opened with the link's
    /// key as the share page opens them.
    static func open(_ link: String, site: URL, file: String? = nil) throws -> [String: [UInt8]] {
        let fragment = link.split(separator: "#").last.map(String.init) ?? ""
        let parts = fragment.split(separator: ".").map(String.init)
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        let key = Array(Data(base64Encoded: base64) ?? Data())
        let script = try String(contentsOf: site.appendingPathComponent("share/\(file ?? ShareKeys.fileName(id: parts[0])).js"), encoding: .utf8)
        let quoted = script.split(separator: "\"")
        let binary = Array(Data(base64Encoded: String(quoted[3])) ?? Data())
        let sealer = Sealer(EditionKeys(key: key, nonceKey: [], folder: "share"))
        guard let files = EditionPack.unframe(try sealer.open(binary, role: .share)) else { throw Sealer.Unopened() }
        return files
    }

    @Test func revokingAShareListedInDaybookYmlNamesItsLineAndChangesNothing() throws {
        let share = Share.new(Self.shared)
        let settings = Self.files["daybook.yml"]! + "# my shares\nshares:\n  - entry: \(share.entry)\n    id: \(share.id)\n"
        let journal = try TemporaryJournal(Self.files.merging(["daybook.yml": settings]) { $1 })
        defer { journal.remove() }
        do {
            try Sharing.revoke(journal: journal.root, entry: Self.shared)
            Issue.record("revoked a share of daybook.yml")
        } catch {
            #expect(error.diagnostics.map(\.headline) == ["daybook.yml:5:1: error: \(Self.shared) is shared here, in daybook.yml, which daybook share never rewrites; delete this item (entry and id) to unshare it"])
        }
        #expect(try journal.read("daybook.yml") == settings && !journal.exists(ShareList.fileName))
        let listed = try Sharing.list(journal: journal.root, secrets: Secrets(Self.env))
        #expect(listed.map(\.listedAt) == ["daybook.yml:5"] && listed.first?.link?.hasPrefix("https://example.org/share/#\(share.id).") == true)
    }

    /// A watched journal (`daybook serve`) keeps its last scan when the changed files are known:
    /// a share removed (the file deleted) must still be seen, or the copy would stay published.
    @Test func aContinuedScanReadsTheSharesFileAgain() throws {
        let journal = try TemporaryJournal(Self.files.merging([ShareList.fileName: ShareList.text([Share.new(Self.shared)])]) { $1 })
        defer { journal.remove() }
        let files = try JournalFiles.scan(journal.root)
        #expect(files.sharesText?.contains(Self.shared) == true)
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent(ShareList.fileName))
        let kept = try #require(files.updated(changed: [ShareList.fileName], entriesFolder: nil))
        #expect(kept.sharesText == nil)
        try journal.write(ShareList.fileName, ShareList.text([]))
        #expect(try #require(files.updated(changed: [ShareList.fileName], entriesFolder: nil)).sharesText == ShareList.text([]))
    }

    @Test func aShareWhoseEntryIsGoneFailsTheBuildAtItsLine() throws {
        let journal = try TemporaryJournal(Self.files.merging([ShareList.fileName: ShareList.text([Share.new("entries/gone.md")])]) { $1 })
        defer { journal.remove() }
        let result = try PrivateBuildTests.build(journal, env: Self.env)
        #expect(result.status == 1)
        #expect(result.stderr.contains("shares.yml:4:1: error: the shared entry entries/gone.md is not in the journal; unshare it with `daybook share --revoke entries/gone.md`"))
    }

    /// Incremental equals full when an entry is shared, its text edited, and unshared, and when
    /// the list lives in daybook.yml: after each step the update's output is a fresh build's.
    @Test func sharingAndUnsharingGiveWhatABuildFromScratchGives() throws {
        var files = Self.files
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        #expect(try PrivateBuildTests.build(journal, env: Self.env).status == 0)
        let one = Share.new(Self.shared), two = Share.new("entries/2024/05/2024-05-05-other.md")
        let steps: [(String, [String: String?])] = [
            ("shared", [ShareList.fileName: ShareList.text([one])]),
            ("edited", [Self.shared: "---\ntitle: Quokkamarker visit\ndate: 2024-05-02\nprivate: true\n---\nOther words.\n"]),
            ("another in daybook.yml", ["daybook.yml": files["daybook.yml"]! + "shares:\n  - entry: \(two.entry)\n    id: \(two.id)\n"]),
            ("unshared", [ShareList.fileName: nil]),
        ]
        for (name, changes) in steps {
            for (path, text) in changes {
                files[path] = text
                if let text { try journal.write(path, text) } else { try FileManager.default.removeItem(at: journal.root.appendingPathComponent(path)) }
            }
            let update = try PrivateBuildTests.build(journal, env: Self.env)
            #expect(update.status == 0, "\(name): \(update.stderr)")
            let scratch = try TemporaryJournal(files.compactMapValues { $0 })
            defer { scratch.remove() }
            #expect(try PrivateBuildTests.build(scratch, ["--no-cache"], env: Self.env).status == 0)
            let made = try tree(journal.site), expected = try tree(scratch.site)
            #expect(Set(made.keys) == Set(expected.keys), "\(name): other files")
            for (path, data) in expected where made[path] != data { Issue.record("\(name): \(path) differs") }
        }
        // The share page and the copy of the share daybook.yml still lists.
        #expect(try tree(journal.site).keys.filter { $0.hasPrefix("share/") }.count == 2)
    }
}

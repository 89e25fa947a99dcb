import Foundation
import Testing
@testable import Daybook

/// The site key is the root of a private journal's keys, and the salt derived from it is public:
/// a key that can be guessed opens every edition offline, so what cannot be random is refused.
@Suite struct SiteKeyTests {
    @Test(arguments: [
        "correct horse battery staple 2024",  // the review's key, found offline in under a second
        "correcthorsebatterystaple2024correcthorseba",  // words without spaces: few distinct letters
        "thequickbrownfoxjumpsoverthelazydogagainandagain",  // one kind of character
        "0123456789abcdef0123456789abcdef-test",  // neither base64 of 32 bytes nor hex
        "aGVsbG8gd29ybGQ=",  // base64 of 11 bytes
        "deadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef",  // hex of a repeated word
    ])
    func aKeyThatCannotBeRandomIsRefused(key: String) {
        #expect(SiteKey.problem(key) != nil, "\(key) accepted")
    }

    @Test(arguments: [
        "1iVwVN8WjqGyNEZAb284OfG8wekRKgbxwUvJMLMKUTE=",  // openssl rand -base64 32
        "1iVwVN8WjqGyNEZAb284OfG8wekRKgbxwUvJMLMKUTE",  // without its padding
        "aI7VZ2dhPqg3vprUFFVWi53X8os4KwhPcyGMzEM_4Xs=",  // URL-safe
        "9a1f0c3e7b2d48a6f5c4e3d2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a09f8e",  // openssl rand -hex 32
    ])
    func theDocumentedFormsAreAccepted(key: String) {
        #expect(SiteKey.problem(key) == nil)
    }

    @Test func aGeneratedKeyIsThirtyTwoRandomBytesInBase64AndNeverRepeats() {
        let keys = (0..<200).map { _ in SiteKey.generate() }
        #expect(Set(keys).count == keys.count)
        for key in keys {
            #expect(Data(base64Encoded: key)?.count == 32 && SiteKey.problem(key) == nil)
        }
    }

    @Test func aWeakKeyStopsTheBuildAtThePrivateSettingAndNothingIsWritten() throws {
        let journal = try TemporaryJournal([
            "daybook.yml": "title: Mine\ntimezone: UTC\nprivate:   true\n",
            "entries/2024/05/2024-05-01.md": "---\ntitle: A day\ndate: 2024-05-01\n---\nWords.\n",
        ])
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path],
                                 environment: ["DAYBOOK_SITE_KEY": "correct horse battery staple 2024", "DAYBOOK_PASSWORD": "a long password"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("daybook.yml:3:12: error: DAYBOOK_SITE_KEY has spaces, so it is a passphrase"))
        #expect(result.stderr.contains("make one with `daybook key`"))
        #expect(!result.stderr.contains("correct horse"))
        #expect(!journal.exists("_site"))
    }

    @Test func daybookKeyPrintsAKeyTheBuildTakesAndTheSummaryCountsTheEncryptedPages() throws {
        let printed = try CLI.run(["key"])
        let key = printed.stdout.trimmingCharacters(in: .newlines)
        #expect(printed.status == 0 && SiteKey.problem(key) == nil)
        let journal = try TemporaryJournal([
            "daybook.yml": "title: Mine\ntimezone: UTC\nprivate: true\n",
            "entries/2024/05/2024-05-01.md": "---\ntitle: A day\ndate: 2024-05-01\n---\nWords.\n",
        ])
        defer { journal.remove() }
        let built = try CLI.run(["build", journal.root.path], environment: ["DAYBOOK_SITE_KEY": key, "DAYBOOK_PASSWORD": "a long password"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stdout.range(of: #"^Built 1 entry \(1 private, encrypted\) into \d+ pages? and [1-9]\d* encrypted pages \(1 edition\)"#,
                                   options: .regularExpression) != nil, "\(built.stdout)")
    }
}

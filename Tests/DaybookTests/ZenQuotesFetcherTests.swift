import Foundation
import Testing
@testable import Daybook

/// Quotes fetched at build time from a ZenQuotes-compatible API, here a server on 127.0.0.1.
@Suite struct ZenQuotesFetcherTests {
    static let answer = zenQuotesJSON([("Fetched first.", "Zen Author"), ("  Fetched\n second. ", "")])
    static let routes: [String: LocalHTTPServer.Route] = [
        "/ok": .init(body: answer),
        "/slow": .init(body: answer, delay: 10),
        "/bad": .init(body: "<html>We are down for maintenance</html>"),
        "/500": .init(status: 500, body: "{}"),
        "/limit": .init(body: zenQuotesJSON([("Too many requests. Obtain an auth key for unlimited access.", "zenquotes.io")])),
        "/empty": .init(body: "[]"),
        "/big": .init(body: "[" + String(repeating: " ", count: 1_000_000) + "]"),
        "/moved": .init(status: 302, body: "", location: "/ok"),
    ]

    func fetcher(_ url: String, in journal: TemporaryJournal, timeout: Double = 3) -> ZenQuotesFetcher {
        ZenQuotesFetcher(url: url, timeout: timeout, cacheFolder: ZenQuotesFetcher.cacheFolder(journal: journal.root))
    }

    @Test func fetchesQuotesAndKeepsTheAnswerInTheCache() async throws {
        let server = try LocalHTTPServer(Self.routes)
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let fetcher = fetcher(server.url("/ok"), in: journal)
        let (quotes, warnings) = await fetcher.quotes()
        #expect(warnings.isEmpty)
        #expect(quotes == [Quote(text: "Fetched first.", author: "Zen Author", fromZenQuotes: true),
                           Quote(text: "Fetched second.", author: nil, fromZenQuotes: true)])
        #expect(fetcher.cacheFile.path.hasPrefix(journal.root.appendingPathComponent(".daybook/cache/quotes/").path))
        #expect(try String(contentsOf: fetcher.cacheFile, encoding: .utf8) == Self.answer)
        #expect(server.requests == ["/ok"])
    }

    @Test func aFreshCacheIsUsedWithoutAskingAgain() async throws {
        let server = try LocalHTTPServer(Self.routes)
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let first = await fetcher(server.url("/ok"), in: journal).quotes()
        let second = await fetcher(server.url("/ok"), in: journal).quotes()
        #expect(first.0.count == 2 && second.0 == first.0 && second.1.isEmpty)
        #expect(server.requests == ["/ok"])
        // A day later it asks again.
        var later = fetcher(server.url("/ok"), in: journal)
        later.now = Date().addingTimeInterval(86_400 + 60)
        _ = await later.quotes()
        #expect(server.requests == ["/ok", "/ok"])
    }

    // No wall-clock bound: under a loaded test run it measured the machine, not the fetcher. That
    // the fetcher gives up on its own timeout shows in the outcome: "/slow" does answer, with good
    // quotes, after 10 s, so a fetcher that waited would come back with quotes and no warning.
    // The time limit only catches a hang.
    @Test(.timeLimit(.minutes(1)), arguments: [
        ("/slow", 0.5, "no answer within 0.5 s"),
        ("/bad", 3.0, #"the answer is not a list of quotes ([{"q": "…", "a": "…"}])"#),
        ("/500", 3.0, "the server answered HTTP 500"),
        ("/limit", 3.0, "the service answered: Too many requests. Obtain an auth key for unlimited access."),
        ("/empty", 3.0, "the answer has no quotes"),
        ("/big", 3.0, "the answer is larger than 1 MB"),
    ])
    func aFailureIsOneWarningAndNoQuotes(path: String, timeout: Double, why: String) async throws {
        let server = try LocalHTTPServer(Self.routes)
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let fetcher = fetcher(server.url(path), in: journal, timeout: timeout)
        let (quotes, warnings) = await fetcher.quotes()
        #expect(quotes.isEmpty)
        #expect(warnings.map(\.headline) == ["warning: could not fetch quotes from \(server.url(path)): \(why); building without them"])
        #expect(!FileManager.default.fileExists(atPath: fetcher.cacheFile.path))
    }

    @Test func whenOfflineTheCacheIsUsedWhateverItsAge() async throws {
        let server = try LocalHTTPServer(Self.routes)
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let url = server.url("/ok")
        let (fetched, _) = await fetcher(url, in: journal).quotes()
        server.stop()
        let cacheFile = fetcher(url, in: journal).cacheFile
        let old = Date(timeIntervalSince1970: 1_717_200_000) // 2024-06-01
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cacheFile.path)

        let (quotes, warnings) = await fetcher(url, in: journal).quotes()
        #expect(quotes == fetched && quotes.count == 2)
        #expect(warnings.count == 1)
        let headline = warnings.first?.headline ?? ""
        #expect(headline.hasPrefix("warning: could not fetch quotes from \(url): "))
        #expect(headline.hasSuffix("; using the copy fetched on 2024-06-01"))
    }

    @Test func aFailedFetchKeepsThePreviousCache() async throws {
        let server = try LocalHTTPServer(Self.routes)
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        // Two addresses, one cache file each; the failing one must not touch the good one's.
        let good = fetcher(server.url("/ok"), in: journal)
        _ = await good.quotes()
        let bad = fetcher(server.url("/500"), in: journal)
        #expect(good.cacheFile != bad.cacheFile)
        _ = await bad.quotes()
        #expect(try String(contentsOf: good.cacheFile, encoding: .utf8) == Self.answer)
    }

    @Test func checkReadsTheCacheButNeverTheNetwork() async throws {
        let server = try LocalHTTPServer(Self.routes)
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        var offline = fetcher(server.url("/ok"), in: journal)
        offline.allowsNetwork = false
        #expect(await offline.quotes().0.isEmpty)
        #expect(server.requests.isEmpty)
        _ = await fetcher(server.url("/ok"), in: journal).quotes()
        offline.now = Date().addingTimeInterval(30 * 86_400)
        let (quotes, warnings) = await offline.quotes()
        #expect(quotes.count == 2 && warnings.isEmpty)
        #expect(server.requests == ["/ok"])
    }

    @Test func aRedirectIsFollowed() async throws {
        let server = try LocalHTTPServer(Self.routes)
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let (quotes, warnings) = await fetcher(server.url("/moved"), in: journal).quotes()
        #expect(quotes.count == 2 && warnings.isEmpty)
        #expect(server.requests == ["/moved", "/ok"])
    }

    // URLSession on Linux is known to crash now and then on timed-out and refused requests, so
    // the fetcher uses libcurl. Many fetches at once that time out, are refused or succeed each
    // end in their own outcome, and the process lives.
    @Test(.timeLimit(.minutes(1))) func manyFetchesAtOnceThatFailEachEndInTheirOwnOutcome() async throws {
        let server = try LocalHTTPServer(Self.routes)
        let refused = try LocalHTTPServer(Self.routes)
        refused.stop()
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let cases = (0..<48).map { index -> (url: String, timeout: Double) in
            switch index % 3 {
            case 0: return (server.url("/slow"), [0.1, 0.2, 0.25, 0.3][index % 4])
            case 1: return (refused.url("/ok"), 3)
            default: return (server.url("/ok"), 3)
            }
        }
        let outcomes = await withTaskGroup(of: (Int, Int, String).self) { group in
            for (index, item) in cases.enumerated() {
                var fetcher = fetcher(item.url, in: journal, timeout: item.timeout)
                fetcher.maxAge = 0
                group.addTask {
                    let (quotes, warnings) = await fetcher.quotes()
                    return (index, quotes.count, warnings.first?.headline ?? "")
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = ($1.1, $1.2) }
        }
        for (index, item) in cases.enumerated() {
            let (count, warning) = outcomes[index] ?? (-1, "missing")
            switch index % 3 {
            case 0: #expect(count == 0 && warning.hasSuffix("no answer within \(item.timeout) s; building without them"), "\(warning)")
            case 1: #expect(count == 0 && warning.hasPrefix("warning: could not fetch quotes from \(item.url): "), "\(warning)")
            default: #expect(count == 2 && warning.isEmpty, "\(warning)")
            }
        }
    }

    @Test func readsOnlyTheTextOfAZenQuotesAnswer() throws {
        let quotes = try ZenQuotesFormat.quotes(from: Array(zenQuotesJSON([("<b>Bold</b> & true", "A <i>Poet</i>"), ("", "Nobody")]).utf8))
        #expect(quotes == [Quote(text: "<b>Bold</b> & true", author: "A <i>Poet</i>", fromZenQuotes: true)])
        #expect(throws: ZenQuotesFormat.Problem.notQuotes) { try ZenQuotesFormat.quotes(from: Array(#"{"q": "not a list"}"#.utf8)) }
    }
}

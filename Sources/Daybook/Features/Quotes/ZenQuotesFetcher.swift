import Foundation

/// Fetches quotes from a ZenQuotes-compatible API at build time, never in the reader's browser.
/// The answer is kept in the journal's cache folder: a cached answer younger than `maxAge` is used
/// without asking again (ZenQuotes limits how often it may be asked), and when a request fails the
/// cache is used whatever its age. A failure never fails the build: it is one warning.
struct ZenQuotesFetcher: Sendable {
    var url: String
    /// Seconds to wait for the whole answer.
    var timeout: Double
    /// `JOURNAL/.daybook/cache/quotes`.
    var cacheFolder: URL
    /// How long a cached answer is used without asking again.
    var maxAge: TimeInterval = 86_400
    /// False for `daybook check`: the cache only, never the network.
    var allowsNetwork = true
    /// The moment the cache's age is measured from.
    var now = Date()

    static func cacheFolder(journal: URL) -> URL {
        journal.appendingPathComponent(".daybook/cache/quotes", isDirectory: true)
    }

    /// One cache file per address, so changing `zenquotes` never shows another API's quotes.
    var cacheFile: URL {
        cacheFolder.appendingPathComponent(String(ContentHash.hex(Array(url.utf8)).prefix(16)) + ".json")
    }

    /// The fetched quotes, or the cached ones, or none; with at most one warning.
    func quotes() async -> ([Quote], [Diagnostic]) {
        let cached = readCache()
        if let cached, !allowsNetwork || now.timeIntervalSince(cached.saved) < maxAge { return (cached.quotes, []) }
        guard allowsNetwork else { return ([], []) }
        let failure: String
        do {
            let bytes = try await download()
            let quotes = try ZenQuotesFormat.quotes(from: bytes)
            do {
                try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
                try Data(bytes).write(to: cacheFile, options: .atomic)
            } catch {
                return (quotes, [.warning("could not keep the fetched quotes in \(cacheFile.path): \(error.localizedDescription)")])
            }
            return (quotes, [])
        } catch let problem as ZenQuotesFormat.Problem {
            failure = problem.description
        } catch let problem as FetchProblem {
            failure = problem.description
        } catch {
            failure = error.localizedDescription
        }
        guard let cached else {
            return ([], [.warning("could not fetch quotes from \(url): \(failure); building without them")])
        }
        let day = ISO8601DateFormatter.string(from: cached.saved, timeZone: .gmt, formatOptions: [.withFullDate])
        return (cached.quotes, [.warning("could not fetch quotes from \(url): \(failure); using the copy fetched on \(day)")])
    }

    /// Why a request gave no answer.
    enum FetchProblem: Error, CustomStringConvertible {
        case timedOut(Double)
        case status(Int)
        case tooLarge
        case network(String)

        var description: String {
            switch self {
            case .timedOut(let seconds): return "no answer within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
            case .status(let code): return "the server answered HTTP \(code)"
            case .tooLarge: return "the answer is larger than 1 MB"
            case .network(let why): return why
            }
        }
    }

    private func download() async throws -> [UInt8] {
        guard let scheme = URL(string: url)?.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw FetchProblem.network("not an http or https address")
        }
        let headers = ["Accept: application/json", "User-Agent: Daybook/\(DaybookVersion.string)"]
        switch await HTTPGet.get(url, headers: headers, timeout: timeout, maxBytes: 1_000_000) {
        case .answered(let status, let body):
            guard (200..<300).contains(status) else { throw FetchProblem.status(status) }
            return body
        case .timedOut: throw FetchProblem.timedOut(timeout)
        case .tooLarge: throw FetchProblem.tooLarge
        case .failed(let why): throw FetchProblem.network(why)
        }
    }

    /// The cached answer and when it was saved; nil when there is none or it no longer reads.
    private func readCache() -> (quotes: [Quote], saved: Date)? {
        guard let data = FileManager.default.contents(atPath: cacheFile.path),
              let saved = (try? FileManager.default.attributesOfItem(atPath: cacheFile.path))?[.modificationDate] as? Date,
              let quotes = try? ZenQuotesFormat.quotes(from: Array(data)) else { return nil }
        return (quotes, saved)
    }
}

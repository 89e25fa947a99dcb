import Foundation

/// What a share's copy holds, with its own table in front (`EditionPack.framed`): `/share` (the
/// entry page's path in the site, JSON), `/article` (the page's article, the entry alone, without
/// the draft notice), and every file the article shows (its photos), under its path in the site.
/// The share viewer (`Templates/share.js`) resolves the article's addresses against the path.
enum SharePack {
    struct Page: Sendable {
        var sitePath: String
        var html: [UInt8]
    }

    static func make(page: Page, files: [String: [UInt8]]) -> [UInt8] {
        let article = self.article(String(decoding: page.html, as: UTF8.self))
        var packed: [String: [UInt8]] = ["/article": Array(article.utf8)]
        var meta = JSONWriter()
        meta.object { object in object.field("path") { $0.string(page.sitePath) } }
        packed["/share"] = meta.bytes
        // Only what the entry shows (its photos): never a page, which would be a way into the journal.
        for path in shown(article, at: page.sitePath) where !path.hasSuffix(".html") && !path.hasSuffix("/") {
            if let bytes = files[path] { packed[path] = bytes }
        }
        return EditionPack.framed(&packed)
    }

    /// The sealed copy as the site publishes it: a script, so it loads from disk too, named from
    /// the share's id (`ShareKeys.fileName`).
    static func file(_ sealed: [UInt8], id: String) -> OutputFile {
        let name = ShareKeys.fileName(id: id)
        let script = Array("daybookShared(\"\(name)\",\"".utf8) + Array(Data(sealed).base64EncodedData()) + Array("\");\n".utf8)
        return OutputFile(path: "\(folder)\(name).js", bytes: script)
    }

    static let folder = "share/"

    /// The entry's `<article>` of its page, without the notice a draft's page carries.
    static func article(_ html: String) -> String {
        guard let start = html.range(of: "<article class=\"entry\""), let end = html.range(of: "</article>", range: start.upperBound..<html.endIndex)
        else { return "" }
        var article = String(html[start.lowerBound..<end.upperBound])
        if let notice = article.range(of: "<p class=\"entry-draft\">"), let close = article.range(of: "</p>\n", range: notice.upperBound..<article.endIndex) {
            article.removeSubrange(notice.lowerBound..<close.upperBound)
        }
        return article
    }

    /// The site paths of the files `article` names (`src`, `srcset`, `href`), read from `sitePath`.
    static func shown(_ article: String, at sitePath: String) -> Set<String> {
        guard let base = URL(string: "https://share.invalid/" + (sitePath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")),
              let pattern = try? NSRegularExpression(pattern: "(?:src|srcset|href)=\"([^\"]*)\"") else { return [] }
        var paths: Set<String> = []
        for match in pattern.matches(in: article, range: NSRange(article.startIndex..., in: article)) {
            guard let range = Range(match.range(at: 1), in: article) else { continue }
            let value = article[range].replacingOccurrences(of: "&amp;", with: "&")
            for candidate in value.split(separator: ",") {
                guard let address = candidate.split(separator: " ").first, let url = URL(string: String(address), relativeTo: base),
                      url.host == "share.invalid" else { continue }
                paths.insert(String(url.path.dropFirst()))
            }
        }
        return paths
    }
}

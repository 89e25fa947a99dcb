extension Shortcodes {
    /// What a shortcode becomes: Markdown a reader can follow, never the tool's template syntax.
    fileprivate static func markdown(_ found: Found) -> (text: String, shownAs: String) {
        let name = found.name.lowercased()
        let first = found.named["id"] ?? found.arguments.first ?? ""
        if name.hasPrefix("/") || (name.hasPrefix("end") && name.count > 3) {
            let opened = name.hasPrefix("/") ? String(name.dropFirst()) : String(name.dropFirst(3))
            return (opened == "highlight" ? "```" : "", "its closing tag left out")
        }
        switch name {
        case "highlight":
            return ("```" + (found.arguments.first.flatMap { isPlain($0) ? $0 : nil } ?? ""), "shown as a code block")
        case "youtube" where isPlain(first):
            return ("[YouTube video \(first)](https://www.youtube.com/watch?v=\(first))", "shown as a link to the video")
        case "vimeo" where isPlain(first):
            return ("[Vimeo video \(first)](https://vimeo.com/\(first))", "shown as a link to the video")
        case "gist" where found.arguments.count >= 2 && found.arguments.prefix(2).allSatisfy(isPlain):
            let path = found.arguments.prefix(2).joined(separator: "/")
            return ("[gist \(path)](https://gist.github.com/\(path))", "shown as a link to the gist")
        case "tweet", "x":
            let user = found.named["user"] ?? "", id = found.named["id"] ?? found.arguments.last ?? ""
            guard isPlain(user), isPlain(id) else { break }
            return ("[post \(id) by @\(user)](https://x.com/\(user)/status/\(id))", "shown as a link to the post")
        case "figure":
            guard let src = found.named["src"], !src.contains(")"), !src.contains(" ") else { break }
            let alt = found.named["alt"] ?? found.named["caption"] ?? found.named["title"] ?? ""
            return ("![\(escaped(alt))](\(src))", "shown as the picture")
        case "ref", "relref", "post_url", "link":
            return (escaped(first), "shown as the name it links to")
        case "raw", "comment", "more":
            return ("", "left out")
        default: break
        }
        let words = ([found.name] + found.arguments + found.named.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        return ("\\[" + escaped(words.joined(separator: " ")) + "\\] ", "shown as plain text in brackets")
    }

    static func replacement(_ found: Found) -> String { markdown(found).text }

    static func shownAs(_ found: Found) -> String { markdown(found).shownAs }

    /// A closing tag (`/note`, `endhighlight`) belongs to its opening one, which is reported.
    static func isClosing(_ found: Found) -> Bool {
        let name = found.name.lowercased()
        return name.hasPrefix("/") || (name.hasPrefix("end") && name.count > 3)
    }

    /// Shortcode warnings once per kind across the journal, at their first file:line, saying in
    /// how many other files the kind was seen; other diagnostics as they are.
    static func onceEach(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var firsts: [String: Int] = [:]
        var others: [String: Int] = [:]
        var result: [Diagnostic] = []
        for diagnostic in diagnostics.sorted() {
            guard diagnostic.severity == .warning, diagnostic.message.hasPrefix(messagePrefix) else {
                result.append(diagnostic)
                continue
            }
            let kind = String(diagnostic.message.prefix { $0 != ";" })
            if firsts[kind] == nil {
                firsts[kind] = result.count
                result.append(diagnostic)
            } else {
                others[kind, default: 0] += 1
            }
        }
        for (kind, count) in others {
            guard let index = firsts[kind] else { continue }
            result[index].message += " (also in \(count) other \(count == 1 ? "file" : "files"))"
        }
        return result
    }

    private static func isPlain(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\[]()*_`<>#!".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

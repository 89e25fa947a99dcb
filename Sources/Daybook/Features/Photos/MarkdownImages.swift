import Foundation

/// Finds `![alt](target)` in an entry's Markdown with the line and column of each, for the
/// photos' diagnostics (cmark's tree has no source positions for inline nodes). Fenced code
/// blocks are skipped; an image split over lines is not found, and cmark still renders it.
extension PhotoReferences {
    struct MarkdownImage: Equatable {
        var alt: String
        var target: String
        var line: Int
        var column: Int
    }

    static func markdownImages(_ source: SourceText, from firstLine: Int) -> [MarkdownImage] {
        var images: [MarkdownImage] = []
        var fence: String?
        var number = max(1, firstLine)
        while let line = source.line(number) {
            defer { number += 1 }
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = String(trimmed.prefix(3))
                fence = fence == nil ? marker : (fence == marker ? nil : fence)
                continue
            }
            guard fence == nil, line.contains("![") else { continue }
            images += imagesIn(Array(line), line: number)
        }
        return images
    }

    /// The images of one line of characters.
    private static func imagesIn(_ characters: [Character], line: Int) -> [MarkdownImage] {
        var images: [MarkdownImage] = []
        var index = 0
        while index + 1 < characters.count {
            guard characters[index] == "!", characters[index + 1] == "[" else { index += 1; continue }
            let start = index
            var cursor = index + 2
            while cursor < characters.count, characters[cursor] != "]" { cursor += 1 }
            guard cursor + 1 < characters.count, characters[cursor + 1] == "(" else { index = cursor; continue }
            let alt = String(characters[(start + 2)..<cursor])
            cursor += 2
            while cursor < characters.count, characters[cursor] == " " { cursor += 1 }
            let bracketed = cursor < characters.count && characters[cursor] == "<"
            if bracketed { cursor += 1 }
            let targetStart = cursor
            while cursor < characters.count, characters[cursor] != ")", bracketed ? characters[cursor] != ">" : characters[cursor] != " " {
                cursor += 1
            }
            let target = String(characters[targetStart..<cursor])
            images.append(MarkdownImage(alt: alt, target: target.removingPercentEncoding ?? target, line: line, column: start + 1))
            index = cursor
        }
        return images
    }
}

import Yams

/// The photo keys of `daybook.yml`.
extension Photos {
    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        func problem(_ message: String) -> [Diagnostic] {
            [source.error(message, line: value.mark?.line ?? 1, column: value.mark?.column ?? 1)]
        }
        func number(_ node: Node, in range: ClosedRange<Int>) -> Int? {
            node.scalar.flatMap { Int($0.string) }.flatMap { range.contains($0) ? $0 : nil }
        }
        switch key {
        case "photo_widths":
            let widths = value.sequence?.compactMap { number($0, in: 16...8192) } ?? []
            guard let items = value.sequence, !items.isEmpty, widths.count == items.count else {
                return problem("photo_widths must be a list of widths in pixels from 16 to 8192, such as [480, 960, 1600, 2400]")
            }
            settings.photoWidths = Array(Set(widths)).sorted()
        case "photo_quality":
            guard let quality = number(value, in: 1...100) else { return problem("photo_quality must be a number from 1 to 100") }
            settings.photoQuality = quality
        case "photo_thumbnail":
            guard let side = number(value, in: 16...2048) else { return problem("photo_thumbnail must be a side in pixels from 16 to 2048") }
            settings.photoThumbnail = side
        case "photo_max_megapixels":
            guard let limit = number(value, in: 1...1000) else { return problem("photo_max_megapixels must be a number from 1 to 1000") }
            settings.photoMaxMegapixels = limit
        default:
            break
        }
        return []
    }
}

/// Finding a few ASCII bytes in text held as bytes: shortcodes' delimiters in a body, the link in
/// a list's row. A plain scan: the standard library's `split(separator:)` with a run of bytes as
/// the separator took ten times as long on rows (bench/README.md, "Contexts swift-mustache looks
/// up faster").
extension Array where Element == UInt8 {
    /// Whether `prefix` is here from `index` on.
    func has(_ prefix: [UInt8], at index: Int) -> Bool {
        index >= 0 && index + prefix.count <= count && self[index..<(index + prefix.count)].elementsEqual(prefix)
    }

    /// Where `needle` first starts at or after `start`; nil when nowhere.
    func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first else { return start <= count ? start : nil }
        var index = start
        while index + needle.count <= count {
            if self[index] == first && has(needle, at: index) { return index }
            index += 1
        }
        return nil
    }
}

/// The entries-per-month chart: bars laid out at build time for the SVG in `stats.mustache`,
/// a fixed drawing width whatever the number of months, labels under each January.
struct MonthChart {
    static let width = 720
    static let plotHeight = 140
    static let height = 142

    let months: [(key: MonthKey, count: Int)]

    /// The `chart` block: the SVG's size, its bars and year labels, and a description.
    func make(monthYear: (MonthKey) -> String, words: Words = .english) -> [String: Any] {
        let step = months.isEmpty ? 0 : Double(Self.width) / Double(months.count)
        let most = max(1, months.map(\.count).max() ?? 0)
        let bars: [[String: Any]] = months.enumerated().compactMap { position, month in
            guard month.count > 0 else { return nil }
            let height = max(1, (month.count * Self.plotHeight + most / 2) / most)
            // At least a pixel wide: over centuries of months (an entry dated 0001-01-01 beside
            // this decade's) a bar's share of the drawing rounded to no width at all.
            return ["x": Self.fixed(Double(position) * step + step * 0.1), "width": Self.fixed(max(1, step * 0.8)),
                    "y": Self.plotHeight - height, "height": height,
                    "label": words.text("stats_chart_bar", ["month": monthYear(month.key),
                                                            "entries": words.count("entries_count", month.count)])]
        }
        // A label under every January (and the first month), fewer when years crowd.
        let januaries = months.enumerated().filter { $0.offset == 0 || $0.element.key.month == 1 }
        let every = max(1, Int((Double(januaries.count) * 44 / Double(Self.width)).rounded(.up)))
        let years: [[String: Any]] = januaries.enumerated().filter { $0.offset % every == 0 }.map { _, item in
            // The labels are HTML under the drawing, at the page's text size however narrow it is.
            ["percent": Self.fixed(Double(item.offset) * step * 100 / Double(Self.width)), "year": String(item.element.key.year)]
        }
        let first = months.first.map { monthYear($0.key) } ?? ""
        let last = months.last.map { monthYear($0.key) } ?? ""
        return ["width": Self.width, "height": Self.height, "baseline": Self.plotHeight,
                "bars": bars, "years": years,
                "description": words.text("stats_chart_description", ["first": first, "last": last,
                                                                       "entries": words.count("entries_count", most)])]
    }

    /// Two decimals, trailing zeros dropped: the same text on every machine.
    static func fixed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        var text = "\(hundredths / 100).\(pad(hundredths % 100, 2))"
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

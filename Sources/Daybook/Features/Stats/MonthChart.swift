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
        let years = yearLabels().map { label -> [String: Any] in
            // The labels are HTML under the drawing, at the page's text size however narrow it is.
            ["percent": Self.fixed(label.at * 100), "year": String(label.year),
             "hide": label.hiddenIn.isEmpty ? false : label.hiddenIn.map { "h\($0)" }.joined(separator: " ")]
        }
        let first = months.first.map { monthYear($0.key) } ?? ""
        let last = months.last.map { monthYear($0.key) } ?? ""
        return ["width": Self.width, "height": Self.height, "baseline": Self.plotHeight,
                "bars": bars, "years": years,
                "description": words.text("stats_chart_description", ["first": first, "last": last,
                                                                       "entries": words.count("entries_count", most)])]
    }

    /// The drawing's narrowest width, in CSS pixels, at each tier of the year labels: a phone's,
    /// then from a window 30rem wide, from 40rem, and the page's full column, from 46rem (the media
    /// queries of `.h0` to `.h3` in style.css; the column is the window less 2.5rem, at most 43.5rem).
    static let tierWidths = [280.0, 440, 600, 696]
    /// A year's label and the gap after it, and its own width, in CSS pixels at the page's size.
    static let labelPitch = 44.0
    static let labelWidth = 36.0

    /// A year under the drawing: where its first month starts (0 to 1 of the width), and the
    /// tiers at whose width it is hidden.
    struct YearLabel: Equatable {
        var at: Double
        var year: Int
        var hiddenIn: [Int]
    }

    /// A label under every January, and under the first month when that is not one, laid out for
    /// each tier's width: the Januaries every so many years, as far apart as a label needs, each
    /// tier's a subset of the next's; the first month's only if it clears the first January; none
    /// so near the right edge that it would have to move over its neighbour. Labels laid out for
    /// one width, 720 pixels, ran into each other on a phone, and the last into the one before.
    func yearLabels() -> [YearLabel] {
        guard !months.isEmpty else { return [] }
        let count = Double(months.count)
        let januaries = months.indices.filter { months[$0].key.month == 1 }
        // Every `every[tier]` Januaries, each a multiple of the next tier's.
        var every = Array(repeating: 1, count: Self.tierWidths.count)
        for tier in Self.tierWidths.indices.reversed() {
            let finer = tier + 1 < every.count ? every[tier + 1] : 1
            let yearWidth = 12 / count * Self.tierWidths[tier] * Double(finer)
            every[tier] = finer * max(1, Int((Self.labelPitch / yearWidth).rounded(.up)))
        }
        func fits(_ at: Double, _ tier: Int) -> Bool { at * Self.tierWidths[tier] + Self.labelWidth <= Self.tierWidths[tier] }
        var labels: [YearLabel] = []
        if months[0].key.month != 1 {
            // Without a January the first month's year is the only label, and always clears.
            let firstJanuary = januaries.first.map { Double($0) / count } ?? 1
            let hidden = Self.tierWidths.indices.filter { firstJanuary * Self.tierWidths[$0] < Self.labelPitch }
            labels.append(YearLabel(at: 0, year: months[0].key.year, hiddenIn: hidden))
        }
        for (number, index) in januaries.enumerated() {
            let at = Double(index) / count
            let hidden = Self.tierWidths.indices.filter { number % every[$0] != 0 || !fits(at, $0) }
            labels.append(YearLabel(at: at, year: months[index].key.year, hiddenIn: hidden))
        }
        return labels.filter { $0.hiddenIn.count < Self.tierWidths.count }
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

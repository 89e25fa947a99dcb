import Foundation

/// The weather an entry was written in (Day One's `weather:` block, kept by the import), shown
/// on its page as one line in the journal's language and units: `12 °C, partly cloudy`.
struct Weather: Feature {
    static func load(_ input: FeatureInput) async -> (feature: Weather, problems: [Diagnostic]) { (Weather(), []) }

    /// Day One's condition codes (without `-day`/`-night`), each a key of the word tables.
    static let conditions: Set<String> = ["clear", "mostly-clear", "partly-cloudy", "mostly-cloudy", "cloudy", "fog", "rain",
                                          "drizzle", "snow", "sleet", "hail", "wind", "thunderstorm"]

    /// Regions that read temperatures in Fahrenheit.
    static let fahrenheitRegions: Set<String> = ["US", "LR", "MM", "BS", "BZ", "KY", "PW"]

    func context(for page: PageContext) -> [String: Any] {
        guard page.page.is(EntryPage.self), case .map(let weather)? = page.journal.entries[page.page.index].extra["weather"],
              let line = Self.line(weather, words: page.journal.words, locale: page.journal.settings.locale) else { return ["weather": false] }
        return ["weather": ["text": line]]
    }

    /// The temperature and the conditions, either of them alone, or nil with neither.
    static func line(_ weather: [String: FrontMatterValue], words: Words, locale: String) -> String? {
        var parts: [String] = []
        if case .text(let text)? = weather["temperatureCelsius"], let celsius = Double(text) {
            parts.append(temperature(celsius, locale: locale))
        }
        if let condition = condition(weather, words: words) { parts.append(condition) }
        return parts.isEmpty ? nil : parts.joined(separator: words.text("comma"))
    }

    /// `12 °C`, or `54 °F` where people read Fahrenheit, rounded to a degree, in the locale's digits.
    static func temperature(_ celsius: Double, locale: String) -> String {
        let identifier = Locale(identifier: locale)
        let fahrenheit = fahrenheitRegions.contains(identifier.region?.identifier ?? "")
        let degrees = (fahrenheit ? celsius * 9 / 5 + 32 : celsius).rounded()
        let formatter = NumberFormatter()
        formatter.locale = identifier
        formatter.maximumFractionDigits = 0
        let number = formatter.string(from: NSNumber(value: degrees == 0 ? 0 : degrees)) ?? String(Int(degrees))
        return "\(number)\u{A0}\(fahrenheit ? "°F" : "°C")"
    }

    /// The conditions in the journal's words when Day One's code is known, else as Day One wrote them.
    static func condition(_ weather: [String: FrontMatterValue], words: Words) -> String? {
        if case .text(let code)? = weather["weatherCode"] {
            var base = code.lowercased()
            for suffix in ["-day", "-night"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
            if conditions.contains(base) { return words.text("weather_" + base.replacingOccurrences(of: "-", with: "_")) }
        }
        if case .text(let description)? = weather["conditionsDescription"], !description.isEmpty { return description }
        return nil
    }
}

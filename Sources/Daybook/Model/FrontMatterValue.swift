/// A front-matter value Daybook does not interpret itself, kept for the templates.
public indirect enum FrontMatterValue: Sendable, Hashable {
    case text(String)
    case list([FrontMatterValue])
    case map([String: FrontMatterValue])

    /// The value as Mustache sees it: strings, arrays and dictionaries.
    var templateValue: Any {
        switch self {
        case .text(let string): return string
        case .list(let items): return items.map(\.templateValue)
        case .map(let pairs): return pairs.mapValues(\.templateValue)
        }
    }
}

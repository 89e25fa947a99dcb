import Yams

extension Node {
    /// How an error message names a value of the wrong kind: `a list`, `'seven'`.
    var kindDescription: String {
        switch self {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar): return "'\(scalar.string)'"
        case .alias: return "an alias"
        }
    }
}

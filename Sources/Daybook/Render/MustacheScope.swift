import Mustache

/// A page's context, and every dictionary in it, as swift-mustache looks names up in it.
///
/// swift-mustache finds a name in a `[String: Any]` through its conformance of `Dictionary` to
/// `MustacheParent`, which is generic over the value: each look-up goes through the unspecialised
/// dictionary code, and each cast of the context to `MustacheParent` through the conditional
/// conformance. This type answers the same names with the same values from code specialised for
/// `[String: Any]`: 13% of a list row's instructions (bench/README.md, "Contexts swift-mustache
/// looks up faster"). A dictionary found inside is handed on wrapped too, so sections such as
/// `{{#entry}}` and `{{#place}}` look up as fast, and so is a list of dictionaries (`{{#tags}}`, a month's
/// `entries`); other arrays are left as they are.
///
/// What a template sees does not change: a dictionary's transforms (`{{count(place)}}`) and its
/// printed form (`{{place}}`) are the dictionary's own.
struct MustacheScope: MustacheParent, ContextValues {
    let values: [String: Any]

    init(_ values: [String: Any]) { self.values = values }

    func child(named name: String) -> Any? {
        guard let value = values[name] else { return nil }
        // A metadata comparison, where a cast would cost hundreds of instructions per look-up.
        let type = type(of: value)
        if type == [String: Any].self, let nested = value as? [String: Any] { return MustacheScope(nested) }
        if type == [[String: Any]].self, let list = value as? [[String: Any]] { return list.map(MustacheScope.init) }
        return value
    }
}

/// A context that stands for a dictionary (`MustacheScope`, `ListedRow`): what a template sees
/// of it besides its names, its transforms (`{{count(place)}}`) and its printed form
/// (`{{place}}`), are the dictionary's own.
protocol ContextValues: MustacheTransformable, CustomStringConvertible, CustomDebugStringConvertible {
    var values: [String: Any] { get }
}

extension ContextValues {
    func transform(_ name: String) -> Any? { values.transform(name) }

    var description: String { values.description }

    var debugDescription: String { values.debugDescription }
}

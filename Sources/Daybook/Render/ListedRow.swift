import Mustache

/// An entry in a list as templates see it: the row's keys (`PageContext.row`, `compactRow`) and
/// its rendered `html`. The keys are made when a template first asks for one, or when the row
/// is rendered: the built-in lists show `html` alone, and most of a full build's rows are kept
/// from another page of the same depth (`RowRendering`), so their keys were made for nothing.
/// A list's rows are rendered on one thread, with their page.
final class ListedRow: MustacheParent, MustacheTransformable, CustomStringConvertible, CustomDebugStringConvertible {
    private let make: () -> [String: Any]
    var html: RowRendering.Row?

    init(_ make: @escaping () -> [String: Any]) { self.make = make }

    /// The row's keys, without `html`: what the row is rendered from.
    private(set) lazy var made: [String: Any] = make()

    /// Every key, `html` included, as the list's dictionary had them.
    var values: [String: Any] {
        var values = made
        values["html"] = html
        return values
    }

    func child(named name: String) -> Any? {
        if name == "html", let html { return html }
        return MustacheScope(made).child(named: name)
    }

    func transform(_ name: String) -> Any? { values.transform(name) }

    var description: String { values.description }

    var debugDescription: String { values.debugDescription }
}

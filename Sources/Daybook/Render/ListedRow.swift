import Mustache

/// An entry in a list as templates see it: the row's keys (`PageContext.row`, `compactRow`) and
/// its rendered `html`. The keys are made when a template first asks for one, or when the row
/// is rendered: the built-in lists show `html` alone, and most of a full build's rows are kept
/// from another page of the same depth (`RowRendering`), so their keys were made for nothing.
/// A list's rows are rendered on one thread, with their page.
final class ListedRow: MustacheParent, ContextValues {
    private let make: () -> [String: Any]
    private let render: (@escaping () -> [String: Any]) -> RowRendering.Row

    /// - Parameters:
    ///   - make: the row's keys.
    ///   - render: the row's `html`, given a way to ask for its keys.
    init(_ make: @escaping () -> [String: Any], render: @escaping (@escaping () -> [String: Any]) -> RowRendering.Row) {
        (self.make, self.render) = (make, render)
    }

    /// The row's keys, without `html`: what the row is rendered from.
    private(set) lazy var made: [String: Any] = make()

    /// Unowned: the row is this entry's own, asked for only while the list renders, and holding
    /// the entry from it would keep both alive.
    private(set) lazy var html: RowRendering.Row = render { [unowned self] in made }

    /// Every key, `html` included, as the list's dictionary had them.
    var values: [String: Any] { made.merging(["html": html]) { $1 } }

    func child(named name: String) -> Any? {
        name == "html" ? html : MustacheScope(made).child(named: name)
    }
}

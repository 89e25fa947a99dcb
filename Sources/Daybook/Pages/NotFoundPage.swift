/// The page a host serves for an address it does not have. Served at any depth, so with a base
/// URL its links are absolute (see `PageContext.linker(for:in:)`).
enum NotFoundPage: SinglePageKind {
    static let template = "404"

    static func sitePath(_ index: Int, in journal: Journal) -> String { "404.html" }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        (page.words.text("page_not_found"), [:])
    }
}

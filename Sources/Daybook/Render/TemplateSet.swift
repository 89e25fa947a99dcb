import Foundation
import Mustache

/// The Mustache templates, stylesheet and scripts of a build: the defaults compiled into the
/// binary, each replaced by a file of the same name in the journal's `templates/` folder.
public struct TemplateSet: Sendable {
    let library: MustacheLibrary
    /// Non-template assets by name (`style.css`), after overrides.
    let assets: [String: [UInt8]]
    /// Hash of every file of the set, templates and assets: part of every page's key.
    let digest: [UInt8]
    /// The row partials are the built-in ones, which show the row's own keys alone, so a row is
    /// the same on every page of one depth (`RowRendering`).
    let builtInRows: Bool

    /// The partials a list's row is made of.
    static let rowPartials = ["entry-row", "entry-row-compact", "rating", "pin"]

    static let templateExtension = ".mustache"

    /// Put before every template so `{{variables}}` go through the faster, equivalent escaper.
    /// On a line of its own it adds no text, and tags on the template's first line stay standalone;
    /// parse-error line numbers are corrected for it.
    static let pragma = "{{% CONTENT_TYPE: \(HTMLEscaper.name)}}\n"
    private static let registerEscaper: Void = MustacheContentTypes.register(HTMLEscaper(), named: HTMLEscaper.name)

    /// A digest of the default files, as compiled into this binary.
    static let defaultsDigest = ContentHash.digest(parts: EmbeddedResources.files.filter { !isStarterFile($0.key) }.sorted { $0.key < $1.key }.flatMap {
        [Array($0.key.utf8), Array($0.value.utf8)]
    })

    /// The default files, by name; the translation tables under `i18n/` and the files `daybook
    /// init` writes from (`starter/`) are not templates.
    static var defaults: [String: [UInt8]] {
        EmbeddedResources.files.filter { !$0.key.hasPrefix(WordTables.folder) && !isStarterFile($0.key) }
            .mapValues { Array(Data(base64Encoded: $0) ?? Data()) }
    }

    /// Read by `daybook init` alone, so no page's key changes with them.
    static func isStarterFile(_ name: String) -> Bool { name.hasPrefix(StarterResources.folder) }

    /// - Parameter overrides: files of the journal's `templates/` folder, by name relative to it.
    static func load(overrides: [String: [UInt8]]) -> (TemplateSet?, [Diagnostic]) {
        var files = defaults
        var diagnostics: [Diagnostic] = []
        for (name, bytes) in overrides.sorted(by: { $0.key < $1.key }) {
            if files[name] == nil {
                diagnostics.append(.warning("templates/\(name) does not replace any default template (known: \(files.keys.sorted().joined(separator: ", ")))",
                                            at: SourceLocation(file: "templates/\(name)")))
            }
            files[name] = bytes
        }
        _ = registerEscaper
        var library = MustacheLibrary()
        var assets: [String: [UInt8]] = [:]
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
            guard name.hasSuffix(templateExtension) else {
                assets[name] = bytes
                continue
            }
            let origin = overrides[name] != nil ? "templates/\(name)" : "Templates/\(name) (built in)"
            guard let text = String(validating: bytes, as: UTF8.self) else {
                diagnostics.append(.error("template is not valid UTF-8", at: SourceLocation(file: origin)))
                continue
            }
            do {
                try library.register(pragma + text, named: String(name.dropLast(templateExtension.count)))
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(.error("template does not parse: \(error.error)",
                                          at: SourceLocation(file: origin, line: max(1, error.context.lineNumber - 1),
                                                             column: error.context.columnNumber + 1),
                                          sourceLine: error.context.line))
            } catch {
                diagnostics.append(.error("template does not parse: \(error)", at: SourceLocation(file: origin)))
            }
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        let digest = ContentHash.digest(parts: files.keys.sorted().flatMap { [Array($0.utf8), files[$0]!] })
        let builtInRows = !rowPartials.contains { overrides[$0 + templateExtension] != nil }
        return (TemplateSet(library: library, assets: assets, digest: digest, builtInRows: builtInRows), diagnostics)
    }

    func render(_ context: [String: Any], template: String) -> String? {
        library.render(MustacheScope(context), withTemplate: template)
    }

    /// `html` without a last `\n` (a last `\r\n` stays, one character as Swift counts them). The
    /// layout puts rows and its chrome each on a line of its own. In bytes: the `Character` way
    /// measured 1.3% of a full build's CPU, over 27,000 rows.
    static func withoutLastBreak(_ html: String) -> String {
        let bytes = html.utf8
        guard bytes.last == UInt8(ascii: "\n"), bytes.dropLast().last != UInt8(ascii: "\r") else { return html }
        return String(Substring(bytes.dropLast()))
    }
}

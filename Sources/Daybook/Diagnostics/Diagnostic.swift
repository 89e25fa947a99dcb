/// One problem found in a journal, printed the way a compiler prints it.
public struct Diagnostic: Sendable, Hashable, Error, Comparable {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    /// The text of the offending line, shown under the message with a caret.
    public var sourceLine: String?
    /// A warning about what the settings lack, which no edit of an entry changes: the preview
    /// says it once per session instead of again after every failed rebuild.
    public var oncePerSession = false

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
    }

    public static func error(_ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, sourceLine: sourceLine)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, sourceLine: sourceLine)
    }

    /// The first line only: `file:line:col: error: message`.
    public var headline: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }

    /// The headline, then the source line with a caret under the column.
    public var rendered: String {
        guard let sourceLine, let location else { return headline }
        // Keep tabs in the padding so the caret lines up under tabbed source.
        let padding = sourceLine.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        return "\(headline)\n\(sourceLine)\n\(padding)^"
    }

    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        let la = a.location ?? SourceLocation(file: "", line: 0, column: 0)
        let lb = b.location ?? SourceLocation(file: "", line: 0, column: 0)
        if la != lb { return la < lb }
        return a.message < b.message
    }
}

/// Thrown at a stage boundary when that stage found one or more errors.
public struct BuildFailure: Error, Sendable {
    /// Every diagnostic of the failed stage, errors and warnings, in file order.
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted()
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
}

extension Array where Element == Diagnostic {
    var hasErrors: Bool { contains { $0.severity == .error } }
}

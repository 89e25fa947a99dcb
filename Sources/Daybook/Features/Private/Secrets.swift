import Crypto
import Foundation

/// The private journal's secrets, read from the environment only (where CI secrets arrive):
/// `DAYBOOK_SITE_KEY`, and `DAYBOOK_PASSWORD` or `DAYBOOK_PASSWORD_<NAME>` per named reader.
/// Holds only `DAYBOOK_*` variables (and `SOURCE_DATE_EPOCH`, which is no secret), and prints
/// none of them: its description is a placeholder, so a build's options can be logged or hashed
/// without a secret reaching any output.
public struct Secrets: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    private let values: [String: String]

    public init(_ environment: [String: String]) {
        values = environment.filter { $0.key.hasPrefix("DAYBOOK_") || $0.key == Self.sourceDateVariable }
    }

    /// The reproducible-builds convention for "when this source was made" (CI sets it to the
    /// commit's time): an edition's generation, so a browser can refuse an older copy.
    static let sourceDateVariable = "SOURCE_DATE_EPOCH"
    var sourceDateEpoch: Int? { values[Self.sourceDateVariable].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }

    /// The process's own environment.
    public static var process: Secrets { Secrets(ProcessInfo.processInfo.environment) }

    public var description: String { "Secrets(\(values.keys.filter { $0.hasPrefix("DAYBOOK_") }.count) DAYBOOK_ variables)" }
    public var debugDescription: String { description }

    /// A keyed fingerprint of every variable held, for the record of the last build
    /// (`UpToDate`): a no-op build of a private journal stays a no-op, and a changed password or
    /// site key is noticed. The values are mixed in only under a key derived from the site key,
    /// so the record is of no use to anyone without it; with no site key, only the names count.
    var fingerprint: [UInt8] {
        var text: [UInt8] = []
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            text += Array(name.utf8) + [0]
            if values[Self.siteKeyVariable] != nil { text += Array(value.utf8) + [0] }
        }
        guard let siteKey = values[Self.siteKeyVariable] else { return Array(SHA256.hash(data: text)) }
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: Array(siteKey.utf8)), salt: Array("daybook build state".utf8),
                                         info: Array("secrets".utf8), outputByteCount: 32)
        return Array(HMAC<SHA256>.authenticationCode(for: text, using: key))
    }

    static let siteKeyVariable = "DAYBOOK_SITE_KEY"
    static let passwordVariable = "DAYBOOK_PASSWORD"
    static let minimumPassword = 8

    /// The site key and each reader's password; errors (naming variables, never values) for
    /// each one missing or too short, all at once, at `location` (what made the journal private).
    func read(readers: [PrivacySettings.Reader], named: Bool, for location: SourceLocation?) -> ((siteKey: String, passwords: [String: String])?, [Diagnostic]) {
        var problems: [Diagnostic] = []
        let why = "this journal has private entries and Daybook never publishes them unencrypted"
        let siteKey = values[Self.siteKeyVariable] ?? ""
        if siteKey.isEmpty {
            problems.append(.error("\(Self.siteKeyVariable) is not set: \(why); set it to 32 random bytes from `daybook key` (or openssl rand -base64 32) and keep it (docs/private.md)", at: location))
        } else if let problem = SiteKey.problem(siteKey) {
            problems.append(.error("\(Self.siteKeyVariable) \(problem): it must be 32 random bytes in base64 or hex; make one with `daybook key` (or openssl rand -base64 32), and every edition is encrypted anew under it (docs/private.md)", at: location))
        }
        var passwords: [String: String] = [:]
        for reader in readers {
            let variable = named ? reader.passwordVariable : Self.passwordVariable
            let at = named ? SourceLocation(file: "daybook.yml", line: reader.line, column: reader.column) : location
            let password = values[variable] ?? ""
            if password.isEmpty {
                let whose = named ? "reader \(reader.name) needs a password" : why
                problems.append(.error("\(variable) is not set: \(whose) (docs/private.md)", at: at))
            } else if password.count < Self.minimumPassword {
                problems.append(.error("\(variable) is too short: use at least \(Self.minimumPassword) characters", at: at))
            } else {
                passwords[reader.key] = password
            }
        }
        return problems.isEmpty ? ((siteKey, passwords), []) : (nil, problems)
    }
}

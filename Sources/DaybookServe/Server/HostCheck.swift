/// Which requests the preview answers: only those addressed to it. A page on another site can
/// make the browser send requests to 127.0.0.1 (and, through DNS rebinding, with that site's
/// name as Host); checking Host and Origin refuses both, so drafts are not read by other sites.
public struct HostCheck: Sendable {
    public var port: Int
    /// The address the server listens on, as given to `--bind`.
    public var bind: String

    public init(port: Int, bind: String) {
        self.port = port
        self.bind = bind
    }

    /// Listening on every interface: the machine's other addresses are fine as Host, but only as
    /// numbers, which no rebinding attack can use.
    var listensEverywhere: Bool { bind == "0.0.0.0" || bind == "::" || bind == "[::]" }

    /// Whether a request with these headers may be answered.
    public func allows(host: String?, origin: String?) -> Bool {
        guard let host, allowsHost(host) else { return false }
        guard let origin else { return true }
        guard origin.hasPrefix("http://") else { return false }
        return allowsHost(String(origin.dropFirst("http://".count)))
    }

    func allowsHost(_ value: String) -> Bool {
        let lowered = value.lowercased()
        let (name, port) = Self.split(lowered)
        guard (port ?? 80) == self.port else { return false }
        if ["127.0.0.1", "localhost", "[::1]"].contains(name) || name == bind.lowercased() || "[\(bind.lowercased())]" == name {
            return true
        }
        return listensEverywhere && Self.isNumeric(name)
    }

    /// `host:port` split; the port is nil when missing or not a number.
    static func split(_ value: String) -> (String, Int?) {
        guard let colon = value.lastIndex(of: ":"), !value[value.index(after: colon)...].contains("]") else { return (value, nil) }
        return (String(value[..<colon]), Int(value[value.index(after: colon)...]))
    }

    /// An IPv4 address in dotted numbers or a bracketed IPv6 address.
    static func isNumeric(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") { return name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isNumber) }
    }
}

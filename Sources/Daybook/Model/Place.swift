/// Where an entry was written: a name, coordinates, or both.
public struct Place: Sendable, Hashable {
    public var name: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(name: String?, latitude: Double? = nil, longitude: Double? = nil) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The name, or the coordinates when there is no name.
    public var label: String {
        if let name { return name }
        if let coordinates { return coordinates }
        return ""
    }

    /// `34.46° N, 133.99° E`, or nil without coordinates.
    public var coordinates: String? {
        guard let latitude, let longitude else { return nil }
        return "\(degrees(abs(latitude)))° \(latitude < 0 ? "S" : "N"), \(degrees(abs(longitude)))° \(longitude < 0 ? "W" : "E")"
    }
}

/// Formats with up to four decimals and no trailing zeros, the same on every machine.
func degrees(_ value: Double) -> String {
    let scaled = Int((value * 10_000).rounded())
    let whole = scaled / 10_000
    var fraction = pad(scaled % 10_000, 4)
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
}

/// Reads a `geo:` URI (RFC 5870), as some tools write a location: `geo:35.60,139.50;u=800`.
/// The altitude and the parameters after `;` (uncertainty, datum) are left out.
enum GeoURI {
    static func place(_ text: String) -> Place? {
        guard text.lowercased().hasPrefix("geo:") else { return nil }
        let coordinates = text.dropFirst(4).prefix { $0 != ";" && $0 != "?" }
        let parts = coordinates.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return Place(name: nil, latitude: latitude, longitude: longitude)
    }
}

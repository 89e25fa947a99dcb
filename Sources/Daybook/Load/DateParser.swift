import Foundation

/// Reads the date shapes Daybook accepts:
/// `2024-05-01`, `2024-05-01 08:30`, `2024-05-01 08:30:15`, ISO 8601 with `T`, `Z` or an offset
/// (`2024-05-01T08:30:00+02:00`), and Jekyll's `2024-05-01 08:30:00 +0200`.
/// A date without an offset is read in `timeZone`.
struct DateParser: Sendable {
    let timeZone: TimeZone

    enum Failure: Error, Equatable {
        case shape
        case impossible(String)
    }

    static let shapeHint = "use 2024-05-01, 2024-05-01 08:30 or 2024-05-01T08:30:00+02:00"

    func parse(_ raw: String) throws(Failure) -> LocalDateTime {
        var scanner = Scanner(Array(raw.trimmingCharacters(in: .whitespaces).utf8))
        guard let year = scanner.digits(exactly: 4), scanner.skip("-"),
              let month = scanner.digits(1...2), scanner.skip("-"),
              let day = scanner.digits(1...2)
        else { throw .shape }
        var result = LocalDateTime(year: year, month: month, day: day)
        try checkDay(result)
        if scanner.atEnd { return withZoneOffset(result) }

        guard scanner.skip("T") || scanner.skipSpaces() else { throw .shape }
        guard let hour = scanner.digits(1...2), scanner.skip(":"), let minute = scanner.digits(exactly: 2) else {
            throw .shape
        }
        var second = 0
        if scanner.skip(":") {
            guard let value = scanner.digits(exactly: 2) else { throw .shape }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard scanner.digits(1...9) != nil else { throw .shape }
            }
        }
        guard hour < 24 else { throw .impossible("hour \(hour) is out of range 0-23") }
        guard minute < 60 else { throw .impossible("minute \(minute) is out of range 0-59") }
        guard second < 60 else { throw .impossible("second \(second) is out of range 0-59") }
        result.hour = hour
        result.minute = minute
        result.second = second
        result.hasTime = true

        _ = scanner.skipSpaces()
        if scanner.atEnd { return withZoneOffset(result) }
        if scanner.skip("Z") || scanner.skip("z") {
            result.utcOffset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(exactly: 2, followedByDigitsAllowed: true) else { throw .shape }
            _ = scanner.skip(":")
            guard let minutes = scanner.digits(exactly: 2) else { throw .shape }
            guard hours <= 18, minutes < 60 else { throw .impossible("UTC offset \(raw.suffix(6)) is out of range") }
            result.utcOffset = sign * (hours * 3600 + minutes * 60)
        } else {
            throw .shape
        }
        guard scanner.atEnd else { throw .shape }
        return result
    }

    private func checkDay(_ date: LocalDateTime) throws(Failure) {
        // Dates are proleptic Gregorian, which has no year 0: 1 BC is followed by AD 1.
        guard date.year >= 1 else { throw .impossible("year 0 does not exist; the first year is 1") }
        guard (1...12).contains(date.month) else {
            throw .impossible("month \(date.month) does not exist")
        }
        let days = LocalDay.daysIn(month: date.month, year: date.year)
        guard (1...days).contains(date.day) else {
            throw .impossible("\(Self.monthNames[date.month - 1]) \(date.year) has \(days) days")
        }
    }

    /// The offset the journal's zone had at that wall-clock time.
    private func withZoneOffset(_ date: LocalDateTime) -> LocalDateTime {
        var date = date
        let wall = Date(timeIntervalSince1970: TimeInterval(date.wallClockSeconds))
        let guess = timeZone.secondsFromGMT(for: wall)
        date.utcOffset = timeZone.secondsFromGMT(for: wall.addingTimeInterval(TimeInterval(-guess)))
        return date
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
}

/// A byte cursor over ASCII text.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
        guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        return index > start
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }

    mutating func digits(exactly count: Int, followedByDigitsAllowed: Bool = false) -> Int? {
        digits(count...count, followedByDigitsAllowed: followedByDigitsAllowed)
    }

    /// Reads up to `allowed.upperBound` digits; nil when fewer than allowed, or when more digits
    /// follow (unless the caller reads on, as in `+0200`).
    mutating func digits(_ allowed: ClosedRange<Int>, followedByDigitsAllowed: Bool = false) -> Int? {
        var value = 0
        var count = 0
        while index < bytes.count, count < allowed.upperBound, (0x30...0x39).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
            count += 1
        }
        if !followedByDigitsAllowed, index < bytes.count, (0x30...0x39).contains(bytes[index]) { return nil }
        return allowed.contains(count) ? value : nil
    }
}

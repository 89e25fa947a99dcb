import Foundation
import Testing
@testable import Daybook

@Suite struct DateParserTests {
    let utc = DateParser(timeZone: TimeZone(identifier: "UTC")!)

    @Test(arguments: [
        ("2024-05-01", "2024-05-01"),
        ("2024-5-1", "2024-05-01"),
        ("2024-05-01 08:30", "2024-05-01T08:30:00+00:00"),
        ("2024-05-01 08:30:15", "2024-05-01T08:30:15+00:00"),
        ("2024-05-01T08:30:15", "2024-05-01T08:30:15+00:00"),
        ("2024-05-01T08:30:00Z", "2024-05-01T08:30:00+00:00"),
        ("2024-05-01T08:30:00+02:00", "2024-05-01T08:30:00+02:00"),
        ("2024-05-01T08:30:00.250-05:30", "2024-05-01T08:30:00-05:30"),
        ("2024-05-01 08:30:00 +0200", "2024-05-01T08:30:00+02:00"),
        ("2024-05-01 08:30 -0700", "2024-05-01T08:30:00-07:00"),
        ("  2024-05-01 08:30  ", "2024-05-01T08:30:00+00:00"),
        ("2024-02-29", "2024-02-29"),
    ])
    func readsEveryAcceptedShape(raw: String, iso: String) throws {
        #expect(try utc.parse(raw).iso8601 == iso)
    }

    @Test(arguments: ["2024", "2024-05", "May 1, 2024", "2024/05/01", "2024-05-01T", "2024-05-01 8", "2024-05-01 08:30 PST",
                      "2024-05-01 08:30:00 +02", "20240-05-01", "2024-05-01x", ""])
    func rejectsUnknownShapes(raw: String) {
        #expect(throws: DateParser.Failure.shape) { try utc.parse(raw) }
    }

    @Test(arguments: [
        ("2024-02-30", "February 2024 has 29 days"),
        ("2023-02-29", "February 2023 has 28 days"),
        ("2024-04-31", "April 2024 has 30 days"),
        ("2024-13-01", "month 13 does not exist"),
        ("2024-05-00", "May 2024 has 31 days"),
        ("2024-05-01 24:00", "hour 24 is out of range 0-23"),
        ("2024-05-01 08:60", "minute 60 is out of range 0-59"),
    ])
    func rejectsImpossibleDates(raw: String, why: String) {
        #expect(throws: DateParser.Failure.impossible(why)) { try utc.parse(raw) }
    }

    @Test func readsDatesWithoutOffsetInTheJournalZoneNotTheMachineZone() throws {
        let paris = DateParser(timeZone: TimeZone(identifier: "Europe/Paris")!)
        #expect(try paris.parse("2024-07-01 08:30").iso8601 == "2024-07-01T08:30:00+02:00")
        #expect(try paris.parse("2024-01-15 08:30").iso8601 == "2024-01-15T08:30:00+01:00")
        let kolkata = DateParser(timeZone: TimeZone(identifier: "Asia/Kolkata")!)
        #expect(try kolkata.parse("2024-01-15 23:59").iso8601 == "2024-01-15T23:59:00+05:30")
    }

    @Test func keepsTheWrittenWallClockDate() throws {
        // 23:15 at -05:00 is already 1 August in UTC; the entry still belongs to 31 July.
        let date = try utc.parse("2024-07-31T23:15:00-05:00")
        #expect(date.localDay == LocalDay(year: 2024, month: 7, day: 31))
        #expect(date.monthKey == MonthKey(year: 2024, month: 7))
    }

    @Test func countsDaysLikeTheCivilCalendar() {
        #expect(LocalDay(year: 1970, month: 1, day: 1).daysSince1970 == 0)
        #expect(LocalDay(year: 2000, month: 3, day: 1).daysSince1970 == 11_017)
        #expect(LocalDay(year: 1969, month: 12, day: 31).daysSince1970 == -1)
    }
}

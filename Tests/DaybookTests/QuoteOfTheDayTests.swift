import Testing
@testable import Daybook

/// The choice of the day's quote: a pure function of the date and the list.
@Suite struct QuoteOfTheDayTests {
    static let counts = [2, 3, 4, 5, 7, 10, 12, 100, 101, 146, 360, 1000]

    @Test(arguments: [
        // (day, count, index): pinned, so a change to the arithmetic, which quote.js repeats,
        // cannot pass unnoticed. 2024-05-01 is day 19844; stride(3) = 2, stride(146) = 91.
        (19844, 3, 1), (19844, 146, 76), (0, 146, 0), (1, 146, 91), (2, 146, 36), (-1, 146, 55), (20267, 1, 0),
    ])
    func picksThePinnedIndex(day: Int, count: Int, index: Int) {
        #expect(QuoteOfTheDay.index(day: day, count: count) == index)
    }

    @Test func theSameDayGivesTheSameQuoteFromAnEqualList() {
        let day = LocalDay(year: 2024, month: 5, day: 1)
        let copy = BuiltInQuotes.all.map { Quote(text: $0.text, author: $0.author) }
        #expect(QuoteOfTheDay.quote(for: day, in: BuiltInQuotes.all) == QuoteOfTheDay.quote(for: day, in: copy))
        #expect(QuoteOfTheDay.quote(for: day, in: BuiltInQuotes.all)?.text == BuiltInQuotes.all[QuoteOfTheDay.index(day: 19844, count: BuiltInQuotes.all.count)!].text)
    }

    @Test(arguments: counts)
    func theNextDayShowsAnotherQuote(count: Int) {
        for day in Array(-400...400) + Array(19_500...21_000) {
            #expect(QuoteOfTheDay.index(day: day, count: count) != QuoteOfTheDay.index(day: day + 1, count: count), "day \(day), \(count) quotes")
        }
    }

    @Test(arguments: counts + [1])
    func everyQuoteComesOnceBeforeAnyComesAgain(count: Int) {
        for start in [-365, 0, 19_844] {
            let shown = Set((start..<start + count).compactMap { QuoteOfTheDay.index(day: $0, count: count) })
            #expect(shown == Set(0..<count), "\(count) quotes from day \(start)")
        }
    }

    @Test(arguments: Array(1...400))
    func theStrideSharesNoFactorWithTheLength(count: Int) {
        let stride = QuoteOfTheDay.stride(count: count)
        #expect(stride >= 1 && (count == 1 || stride < count))
        #expect((1..<count).allSatisfy { (stride * $0) % count != 0 })
    }

    @Test func anEmptyListHasNoQuoteAndOneQuoteIsShownEveryDay() {
        #expect(QuoteOfTheDay.index(day: 19844, count: 0) == nil)
        #expect(QuoteOfTheDay.quote(for: LocalDay(year: 2024, month: 5, day: 1), in: []) == nil)
        let one = [Quote(text: "Only one.")]
        for day in [-30_000, -1, 0, 1, 19_844, 2_932_896] {
            #expect(QuoteOfTheDay.index(day: day, count: 1) == 0)
        }
        #expect(QuoteOfTheDay.quote(for: LocalDay(year: 1900, month: 2, day: 28), in: one) == one[0])
    }

    @Test(arguments: [
        // Runs of days across the end of February: leap years, a century that is not one, and 2000, which is.
        [LocalDay(year: 2024, month: 2, day: 28), LocalDay(year: 2024, month: 2, day: 29), LocalDay(year: 2024, month: 3, day: 1)],
        [LocalDay(year: 2023, month: 2, day: 28), LocalDay(year: 2023, month: 3, day: 1)],
        [LocalDay(year: 2100, month: 2, day: 28), LocalDay(year: 2100, month: 3, day: 1)],
        [LocalDay(year: 2000, month: 2, day: 28), LocalDay(year: 2000, month: 2, day: 29), LocalDay(year: 2000, month: 3, day: 1)],
        [LocalDay(year: 2023, month: 12, day: 31), LocalDay(year: 2024, month: 1, day: 1)],
    ])
    func leapDaysAreOrdinaryDaysInTheRun(days: [LocalDay]) {
        let numbers = days.map(\.daysSince1970)
        #expect(numbers == Array(numbers[0]..<numbers[0] + days.count))
        let quotes = days.compactMap { QuoteOfTheDay.quote(for: $0, in: BuiltInQuotes.all) }
        for (a, b) in zip(quotes, quotes.dropFirst()) { #expect(a != b) }
    }

    @Test func aLeapDayHasItsOwnQuote() {
        // 29 February is a day like any other: not skipped, not sharing a neighbour's quote.
        let leap = QuoteOfTheDay.quote(for: LocalDay(year: 2024, month: 2, day: 29), in: BuiltInQuotes.all)
        #expect(leap != nil)
        #expect(leap != QuoteOfTheDay.quote(for: LocalDay(year: 2024, month: 2, day: 28), in: BuiltInQuotes.all))
        #expect(leap != QuoteOfTheDay.quote(for: LocalDay(year: 2024, month: 3, day: 1), in: BuiltInQuotes.all))
    }
}

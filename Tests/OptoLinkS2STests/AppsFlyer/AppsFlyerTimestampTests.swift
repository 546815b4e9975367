import Foundation
import Testing

@testable import OptoLinkS2S

@Suite("AppsFlyer timestamps: ISO 8601 UTC, milliseconds, no zone letter")
struct AppsFlyerTimestampTests {
    /// `Date` from a whole number of milliseconds since 1970 (exact: no formatter involved).
    static func date(milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    @Test func theSeedsExampleInstantFormatsAsTheSeedShowsIt() {
        // Given 2015-01-22T08:45:33.412 UTC (1421916333.412 s, not exact in binary floating point)
        let date = Date(timeIntervalSince1970: 1_421_916_333.412)

        // When it is formatted
        let text = AppsFlyerTimestamp.string(from: date)

        // Then it is the seed's example, the binary error absorbed (not …33.411)
        #expect(text == "2015-01-22T08:45:33.412")
    }

    @Test func theSameInstantMadeFromReferenceDateSecondsFormatsTheSame() {
        // Given the instant built the other way Date stores it (seconds since 2001), where the rounding differs
        let date = Date(timeIntervalSinceReferenceDate: 1_421_916_333.412 - 978_307_200)

        // Then the text is the same
        #expect(AppsFlyerTimestamp.string(from: date) == "2015-01-22T08:45:33.412")
    }

    @Test func anInstantStoredJustBelowItsMillisecondKeepsThatMillisecond() {
        // Given 2004-04-17T19:04:30.370, whose `timeIntervalSince1970 * 1000` is 1082228670369.99…
        // (Date stores seconds since 2001: converting to 1970 seconds and back loses the last bit)
        let date = Self.date(milliseconds: 1_082_228_670_370)
        #expect((date.timeIntervalSince1970 * 1000).rounded(.down) == 1_082_228_670_369)

        // When it is formatted
        let text = AppsFlyerTimestamp.string(from: date)

        // Then the millisecond is .370, not .369
        #expect(text == "2004-04-17T19:04:30.370")
    }

    @Test func subMillisecondsAreTruncatedNeverRoundedIntoTheNextSecond() {
        // Given instants 0.4 ms and 0.6 ms after .999 of the last second of 2015
        let base = Double(AppsFlyerTimestamp.daysSince1970(year: 2016, month: 1, day: 1) * 86_400)
        let justBefore = Date(timeIntervalSince1970: base - 0.0006)
        let closer = Date(timeIntervalSince1970: base - 0.0004)

        // Then both are .999 of 2015-12-31: the timestamp never names a later millisecond than the instant
        #expect(AppsFlyerTimestamp.string(from: justBefore) == "2015-12-31T23:59:59.999")
        #expect(AppsFlyerTimestamp.string(from: closer) == "2015-12-31T23:59:59.999")
    }

    @Test func halfAMicrosecondBeforeASecondRoundsToThatSecond() {
        // Given an instant 0.4 µs before midnight (below Date's precision at this magnitude anyway)
        let base = Double(AppsFlyerTimestamp.daysSince1970(year: 2000, month: 1, day: 1) * 86_400)

        // Then it rounds to the microsecond first, so it is midnight of the new year, not .999
        #expect(
            AppsFlyerTimestamp.string(from: Date(timeIntervalSince1970: base - 0.000_000_4))
                == "2000-01-01T00:00:00.000")
    }

    @Test(arguments: [
        (Int64(946_684_799_999), "1999-12-31T23:59:59.999"),
        (946_684_800_000, "2000-01-01T00:00:00.000"),
        (951_782_400_000, "2000-02-29T00:00:00.000"),  // 2000 is a leap year (divisible by 400)
        (951_868_800_000, "2000-03-01T00:00:00.000"),
        (4_107_542_399_999, "2100-02-28T23:59:59.999"),  // 2100 is not (divisible by 100)
        (4_107_542_400_000, "2100-03-01T00:00:00.000"),
        (1_709_164_800_000, "2024-02-29T00:00:00.000"),
        (1_735_689_599_999, "2024-12-31T23:59:59.999"),
        (1_735_689_600_000, "2025-01-01T00:00:00.000"),
        (0, "1970-01-01T00:00:00.000"),
        (-1, "1969-12-31T23:59:59.999"),
        (-62_135_596_800_000, "0001-01-01T00:00:00.000"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999"),
    ])
    func boundariesOfDaysYearsAndLeapYearsFormatExactly(milliseconds: Int64, expected: String) {
        // When a whole-millisecond instant is formatted
        let text = AppsFlyerTimestamp.string(from: Self.date(milliseconds: milliseconds))

        // Then it is the expected calendar date and time
        #expect(text == expected)

        // And it reads back as the same instant
        #expect(AppsFlyerTimestamp.date(from: expected) == Self.date(milliseconds: milliseconds))
    }

    @Test func halfAMillisecondBeforeTheEpochIsTheLastMillisecondOf1969() {
        // Given −0.5 ms (floor, not truncation toward zero)
        #expect(AppsFlyerTimestamp.string(from: Date(timeIntervalSince1970: -0.0005)) == "1969-12-31T23:59:59.999")
    }

    @Test func instantsOutsideFourDigitYearsAreRefused() {
        // Then years 0 and 10000 and non-finite instants have no text
        #expect(AppsFlyerTimestamp.string(from: Self.date(milliseconds: -62_135_596_800_001)) == nil)
        #expect(AppsFlyerTimestamp.string(from: AppsFlyerTimestamp.end) == nil)
        #expect(AppsFlyerTimestamp.string(from: Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(AppsFlyerTimestamp.string(from: Date(timeIntervalSince1970: .nan)) == nil)
        #expect(AppsFlyerTimestamp.string(from: AppsFlyerTimestamp.earliest) == "0001-01-01T00:00:00.000")
    }

    @Test func theCalendarArithmeticAgreesWithFoundationsGregorianCalendar() throws {
        // Given Foundation's Gregorian calendar in UTC (an independent implementation)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))

        // When every 97th day from 1601 to 9999 and every day of 1999–2001 and 2099–2101 are compared
        let first = AppsFlyerTimestamp.daysSince1970(year: 1601, month: 1, day: 1)
        let last = AppsFlyerTimestamp.daysSince1970(year: 9999, month: 12, day: 31)
        var days = Array(stride(from: first, through: last, by: 97))
        days += Array(
            AppsFlyerTimestamp.daysSince1970(
                year: 1999, month: 1, day: 1)...AppsFlyerTimestamp.daysSince1970(year: 2001, month: 12, day: 31))
        days += Array(
            AppsFlyerTimestamp.daysSince1970(
                year: 2099, month: 1, day: 1)...AppsFlyerTimestamp.daysSince1970(year: 2101, month: 12, day: 31))
        var mismatches: [String] = []
        for day in days {
            let components = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
            let mine = AppsFlyerTimestamp.civil(daysSince1970: day)
            let theirs = (Int64(components.year ?? 0), Int64(components.month ?? 0), Int64(components.day ?? 0))
            if mine != theirs
                || AppsFlyerTimestamp.daysSince1970(year: mine.year, month: mine.month, day: mine.day) != day
            {
                mismatches.append("day \(day): \(mine) vs \(theirs)")
            }
        }

        // Then they agree on every one, both ways
        #expect(days.count > 30_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test(arguments: [
        "2015-01-22T08:45:33.412Z", "2015-01-22T08:45:33.412+00:00", "2015-01-22 08:45:33.412", "2015-01-22T08:45:33",
        "2015-01-22T08:45:33.4120", "2015-02-29T00:00:00.000", "2015-13-01T00:00:00.000", "2015-01-22T24:00:00.000",
        "2015-01-22T08:60:00.000", "2015-01-22T08:45:60.000", "0000-01-01T00:00:00.000", "２015-01-22T08:45:33.412",
        "2015-01-22T08:45:3a.412", "",
    ])
    func textThatIsNotExactlyTheFormatIsNotRead(text: String) {
        #expect(AppsFlyerTimestamp.date(from: text) == nil)
    }
}

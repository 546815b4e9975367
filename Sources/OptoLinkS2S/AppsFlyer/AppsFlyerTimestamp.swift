import Foundation

/// The `timestamp` format of AppsFlyer's S2S API: ISO 8601 in UTC with milliseconds and no zone letter,
/// `yyyy-MM-ddTHH:mm:ss.SSS` (AppsFlyer's example: `2015-01-22T08:45:33.412`).
///
/// Formatted here with integer arithmetic on the proleptic Gregorian calendar, not with a
/// `DateFormatter` (whose output depends on the locale, the calendar and the time zone it is given).
/// A `Date` is **truncated** to the millisecond, after rounding to the nearest microsecond, which
/// absorbs the binary error of `Date`'s floating-point seconds: `08:45:33.412` stored as
/// `…33.41199999` stays `.412`, and `23:59:59.9996` is `.999` of that day, never the next second.
/// Years 1 to 9999 (four digits) are supported.
///
/// ```swift
/// AppsFlyerTimestamp.string(from: Date(timeIntervalSince1970: 1_421_916_333.412))
/// // "2015-01-22T08:45:33.412"
/// ```
public enum AppsFlyerTimestamp {
    /// The earliest supported instant, 0001-01-01T00:00:00.000.
    public static let earliest = Date(timeIntervalSince1970: -62_135_596_800)
    /// The instant after the latest supported one, 10000-01-01T00:00:00.000.
    public static let end = Date(timeIntervalSince1970: 253_402_300_800)

    /// `date` in the API's format, or nil when its year is outside 1–9999 (or it is not finite).
    public static func string(from date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, date >= earliest, date < end else { return nil }
        let microseconds = Int64((seconds * 1_000_000).rounded())
        let milliseconds = floorDivide(microseconds, 1000)
        let dayMilliseconds: Int64 = 86_400_000
        let days = floorDivide(milliseconds, dayMilliseconds)
        let inDay = milliseconds - days * dayMilliseconds
        let (year, month, day) = civil(daysSince1970: days)
        guard (1...9999).contains(year) else { return nil }
        let hour = inDay / 3_600_000
        let minute = inDay / 60_000 % 60
        let second = inDay / 1000 % 60
        let milli = inDay % 1000
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T"
            + digits(hour, 2) + ":" + digits(minute, 2) + ":" + digits(second, 2) + "." + digits(milli, 3)
    }

    /// The instant `text` names, when it is exactly in the API's format with a real date and time
    /// (no leap seconds, no zone letter or offset), else nil.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 23 else { return nil }
        let separators: [(Int, Unicode.Scalar)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, ".")]
        for (index, separator) in separators where bytes[index] != UInt8(ascii: separator) {
            return nil
        }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let milli = number(20..<23), year >= 1, (1...12).contains(month), day >= 1,
            day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let milliseconds = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + milli
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    // MARK: Calendar arithmetic

    /// The day count from 0000-03-01 (a year taken to start in March, so the leap day ends it) to
    /// 1970-01-01.
    private static let marchZeroTo1970 = marchDays(yearFromMarch: 1969, monthFromMarch: 10, day: 1)

    /// Days in each month counted from March (March 31, April 30 … January 31, February 28/29 last).
    private static let monthLengthsFromMarch: [Int64] = [31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31, 28]

    /// Days from 0000-03-01 to `day` of month `monthFromMarch` (0 = March) of the year that starts in
    /// March of `yearFromMarch`.
    private static func marchDays(yearFromMarch year: Int64, monthFromMarch month: Int64, day: Int64) -> Int64 {
        let leapDays = floorDivide(year, 4) - floorDivide(year, 100) + floorDivide(year, 400)
        let beforeMonth = monthLengthsFromMarch.prefix(Int(month)).reduce(0, +)
        return year * 365 + leapDays + beforeMonth + day - 1
    }

    /// Days from 1970-01-01 to the given date (negative before).
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let fromMarch = month >= 3 ? month - 3 : month + 9
        let yearFromMarch = month >= 3 ? year : year - 1
        return marchDays(yearFromMarch: yearFromMarch, monthFromMarch: fromMarch, day: day) - marchZeroTo1970
    }

    /// The date `days` after 1970-01-01: (year, month 1–12, day 1–31).
    static func civil(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        var rest = days + marchZeroTo1970  // days since 0000-03-01
        let cycles = floorDivide(rest, 146_097)  // 400 Gregorian years
        rest -= cycles * 146_097
        let centuries = min(rest / 36_524, 3)  // the 4th century of a cycle has the extra leap day
        rest -= centuries * 36_524
        let quads = min(rest / 1461, 24)
        rest -= quads * 1461
        let years = min(rest / 365, 3)  // the 4th year of a quad has the leap day
        rest -= years * 365
        var month: Int64 = 0
        while month < 11, rest >= monthLengthsFromMarch[Int(month)] {
            rest -= monthLengthsFromMarch[Int(month)]
            month += 1
        }
        let yearFromMarch = cycles * 400 + centuries * 100 + quads * 4 + years
        let civilMonth = month < 10 ? month + 3 : month - 9
        return (civilMonth <= 2 ? yearFromMarch + 1 : yearFromMarch, civilMonth, rest + 1)
    }

    private static func isLeap(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `a / b` rounded toward negative infinity (`b` > 0).
    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// `value` in decimal, zero-padded to `width` digits.
    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

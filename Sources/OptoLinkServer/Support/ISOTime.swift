import Foundation

/// ISO-8601 timestamps with milliseconds and `Z`, as every response uses.
enum ISOTime {
    /// Formats `date` as `2026-11-30T05:03:09.123Z`.
    static func string(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        var millis = Int(((interval - whole) * 1000).rounded())
        var seconds = time_t(whole)
        if millis >= 1000 {
            millis -= 1000
            seconds += 1
        }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let fields = [
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), millis,
        ]
        guard fields.allSatisfy({ $0 >= 0 }) else {
            // Before year 0 (never, in practice): the sign and padding rules of `%04ld`.
            return String(
                format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ld.%03ldZ", fields[0], fields[1], fields[2], fields[3],
                fields[4], fields[5], fields[6])
        }
        // `%04ld-%02ld-…` written by hand: String(format:) was a quarter of POST /match.
        var out = [UInt8]()
        out.reserveCapacity(24)
        let widths = [4, 2, 2, 2, 2, 2, 3]
        let separators = Array("--T::.Z".utf8)
        for (index, value) in fields.enumerated() {
            let width = widths[index]
            let separator = separators[index]
            let digits = Array(String(value).utf8)
            if digits.count < width {
                out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count))
            }
            out.append(contentsOf: digits)
            out.append(separator)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses an ISO-8601 timestamp with or without fractional seconds; nil for a date, time or offset that
    /// does not exist (`2024-02-30`, `2023-02-29`, `25:00`, `+99:99`), which Foundation's formatter would roll
    /// over.
    static func parse(_ text: String) -> Date? {
        guard fieldsExist(text), offsetExists(text) else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// Whether `text` starts `YYYY-MM-DDThh:mm:ss` with a day that exists in its month (29 February only in
    /// leap years), an hour below 24 and minutes and seconds below 60.
    static func fieldsExist(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(19))
        guard bytes.count == 19 else { return false }
        for (i, expected) in "dddd-dd-ddTdd:dd:dd".utf8.enumerated() {
            if expected == UInt8(ascii: "d") {
                guard (0x30...0x39).contains(bytes[i]) else { return false }
            } else if bytes[i] != expected {
                return false
            }
        }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        return dayExists(year: number(0..<4), month: number(5..<7), day: number(8..<10)) && number(11..<13) < 24
            && number(14..<16) < 60 && number(17..<19) < 60
    }

    /// Whether what follows the seconds (and their fraction) of `text` is `Z` or an offset `±hh:mm` of hours
    /// 00–23 and minutes 00–59 (RFC 3339's `time-numoffset`); anything else is left to the formatter.
    static func offsetExists(_ text: String) -> Bool {
        var zone = Array(text.utf8.dropFirst(19))
        if zone.first == UInt8(ascii: ".") {
            zone = Array(zone.dropFirst().drop { (0x30...0x39).contains($0) })
        }
        guard zone.count == 6, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"),
            zone[3] == UInt8(ascii: ":"), [1, 2, 4, 5].allSatisfy({ (0x30...0x39).contains(zone[$0]) })
        else { return true }
        let hours = Int(zone[1] - 0x30) * 10 + Int(zone[2] - 0x30)
        let minutes = Int(zone[4] - 0x30) * 10 + Int(zone[5] - 0x30)
        return hours < 24 && minutes < 60
    }

    /// Whether `year-month-day` is a day of the (proleptic) Gregorian calendar, year 1 on.
    static func dayExists(year: Int, month: Int, day: Int) -> Bool {
        guard year >= 1, (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }
}

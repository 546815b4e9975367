/// The times of a replay file: ISO 8601 (`2026-03-01T12:30:05Z`, with an optional fraction and a `Z` or
/// `±HH:MM` offset; a space may stand for the `T`) or epoch seconds (`1772368205`, `1772368205.25`), read as
/// seconds since 1970 in UTC.
///
/// ```swift
/// ReplayTime.seconds(Array("1970-01-02T00:00:00Z".utf8)[...])  // 86400
/// ```
package enum ReplayTime {
    /// The seconds since 1970 `text` says, nil when it is neither form.
    package static func seconds(_ text: ArraySlice<UInt8>) -> Double? {
        let bytes = Array(text)
        if bytes.count >= 19, bytes[4] == 0x2D { return iso(bytes) }
        return epoch(bytes)
    }

    /// `text` as epoch seconds: digits, an optional fraction, an optional sign; finite and within ±10¹¹.
    private static func epoch(_ bytes: [UInt8]) -> Double? {
        guard !bytes.isEmpty, bytes.allSatisfy({ isDigit($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B }),
            let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite, abs(value) < 1e11
        else { return nil }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The number in `count` digits at `start`, nil when one is not a digit.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            guard isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - 0x30)
        }
        return value
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]`.
    private static func iso(_ bytes: [UInt8]) -> Double? {
        guard let year = number(bytes, 0, 4), bytes[4] == 0x2D, let month = number(bytes, 5, 2), bytes[7] == 0x2D,
            let day = number(bytes, 8, 2), bytes[10] == 0x54 || bytes[10] == 0x74 || bytes[10] == 0x20,
            let hour = number(bytes, 11, 2), bytes[13] == 0x3A, let minute = number(bytes, 14, 2),
            bytes[16] == 0x3A, let second = number(bytes, 17, 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 0x2E {
            var scale = 0.1
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if index < bytes.count, bytes[index] == 0x5A || bytes[index] == 0x7A {
            index += 1
        } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2D ? -1 : 1
            guard let hours = number(bytes, index + 1, 2), hours < 24 else { return nil }
            index += 3
            if index < bytes.count, bytes[index] == 0x3A { index += 1 }
            guard let minutes = number(bytes, index, 2), minutes < 60 else { return nil }
            index += 2
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date (the proleptic Gregorian calendar).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

import Foundation

/// The `Date` header's value: IMF-fixdate (RFC 9110 §5.6.7, `Sun, 06 Nov 1994 08:49:37 GMT`), made with
/// integer arithmetic on the proleptic Gregorian calendar (no `DateFormatter`, whose output depends on the
/// locale and calendar it is given), and cached for the current second.
package enum HTTPDate {
    private static let cache = Locked((second: Int.min, text: ""))
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The value for now (the wall clock), computed once per second.
    package static func now() -> String {
        let second = Int(Date().timeIntervalSince1970.rounded(.down))
        return cache.withLock { cached in
            if cached.second != second { cached = (second, imfFixdate(secondsSince1970: second)) }
            return cached.text
        }
    }

    /// IMF-fixdate of a whole number of seconds since 1970-01-01T00:00:00Z (≥ 0).
    package static func imfFixdate(secondsSince1970 seconds: Int) -> String {
        let days = seconds / 86_400
        let inDay = seconds % 86_400
        // Civil date from days since the epoch (Howard Hinnant's days_from_civil inverse).
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[days % 7]), \(two(day)) \(months[month - 1]) \(year) "
            + "\(two(inDay / 3_600)):\(two(inDay / 60 % 60)):\(two(inDay % 60)) GMT"
    }
}

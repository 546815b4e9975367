import Foundation

/// ISO 8601 times as the dashboard writes and reads them: UTC with milliseconds (`2026-12-04T10:24:51.063Z`)
/// when written; with or without fractional seconds when read.
package enum ISO8601Text {
    /// `date` in UTC with milliseconds.
    package static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The time `text` spells, with or without fractional seconds; nil when it spells none.
    package static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

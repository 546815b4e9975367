import Foundation

/// The date formats the stand-ins write and read.
enum StandInTime {
    private static let style = Date.ISO8601FormatStyle(
        includingFractionalSeconds: true, timeZone: TimeZone(secondsFromGMT: 0)!)

    /// ISO 8601 in UTC with milliseconds: `2026-09-01T12:00:00.000Z`.
    static func iso8601(_ date: Date) -> String {
        style.format(date)
    }

    /// AppsFlyer's form: ISO 8601 in UTC with milliseconds and no zone letter, `2015-01-22T08:45:33.412`.
    static func appsFlyer(_ date: Date) -> String {
        String(iso8601(date).dropLast())
    }

    /// The date of an AppsFlyer timestamp (`2015-01-22T08:45:33.412`, read as UTC); nil when it is not one.
    static func appsFlyerDate(_ text: String) -> Date? {
        guard text.utf8.count == 23, !text.hasSuffix("Z") else { return nil }
        return try? style.parse(text + "Z")
    }
}

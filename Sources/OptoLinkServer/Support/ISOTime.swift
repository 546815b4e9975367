import Foundation

/// ISO-8601 timestamps with milliseconds and `Z`, as every response uses.
enum ISOTime {
    /// Formats `date` as `2026-11-30T05:03:09.123Z`.
    static func string(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        var millis = Int(((interval - whole) * 1000).rounded())
        var seconds = time_t(whole)
        if millis >= 1000 { millis -= 1000; seconds += 1 }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ld.%03ldZ",
                      Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), millis)
    }

    /// Parses an ISO-8601 timestamp with or without fractional seconds.
    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

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
        // `%04ld-%02ld-…` written by hand: String(format:) was a quarter of POST /match (optolink-bench, measure 4b).
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

    /// Parses an ISO-8601 timestamp with or without fractional seconds.
    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

import Foundation

/// The queue's rules that hold no state: what an event may be, how a time is written, what an answer means
/// for the event it carried.
extension EventQueue {
    /// What an error means for the event that got it.
    enum Verdict {
        case pause
        case drop
        /// Keep and retry; `counts` when the backend answered (see ``maxFailures``).
        case retry(counts: Bool)
    }

    /// Checks an event against the backend's limits; returns the reason when it is refused.
    static func validate(name: String, properties: [String: JSONValue]?) -> String? {
        let length = name.utf16.count
        guard length >= 1, length <= maxNameLength else {
            return "event name must be 1–\(maxNameLength) characters, got \(length)"
        }
        if let properties {
            if JSONValue.object(properties).isNested(deeperThan: maxPropertiesDepth) {
                return "properties of \(name) are nested more than \(maxPropertiesDepth) levels deep (never truncated)"
            }
            let data: Data
            do {
                data = try JSONBody.encode(properties)
            } catch {
                return "properties of \(name) cannot be written as JSON (non-finite number?)"
            }
            guard data.count <= maxPropertiesBytes else {
                return
                    "properties of \(name) are \(data.count) bytes serialized; at most \(maxPropertiesBytes) "
                    + "are accepted (never truncated)"
            }
        }
        return nil
    }

    /// `2026-09-01T12:00:00.000Z`: ISO 8601 UTC with milliseconds, as QubeRoute's `clientTimestamp`;
    /// without the zone letter (`zoneLetter: false`) as AppsFlyer's `timestamp`.
    /// (Days to civil date by Howard Hinnant's algorithm: no formatter object per event; the digits are
    /// written as bytes, not a string per field: AppsFlyer's first launch makes one on its way to its
    /// request.)
    static func timestamp(_ date: Date, zoneLetter: Bool = true) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let msPerDay: Int64 = 86_400_000
        var days = millis / msPerDay
        var rest = millis % msPerDay
        if rest < 0 {
            rest += msPerDay
            days -= 1
        }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        var text: [UInt8] = []
        text.reserveCapacity(24)
        /// `value` in decimal, zeros before it up to `width` characters (a sign included).
        func pad(_ value: Int64, _ width: Int, then separator: UInt8? = nil) {
            var count = 1
            var remaining = value.magnitude
            while remaining >= 10 {
                remaining /= 10
                count += 1
            }
            let sign = value < 0 ? 1 : 0
            for _ in 0..<max(0, width - count - sign) { text.append(UInt8(ascii: "0")) }
            if value < 0 { text.append(UInt8(ascii: "-")) }
            let end = text.count + count
            text.append(contentsOf: repeatElement(0, count: count))
            remaining = value.magnitude
            for index in stride(from: end - 1, through: end - count, by: -1) {
                text[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            }
            if let separator { text.append(separator) }
        }
        pad(year, 4, then: UInt8(ascii: "-"))
        pad(month, 2, then: UInt8(ascii: "-"))
        pad(day, 2, then: UInt8(ascii: "T"))
        pad(rest / 3_600_000, 2, then: UInt8(ascii: ":"))
        pad(rest / 60_000 % 60, 2, then: UInt8(ascii: ":"))
        pad(rest / 1000 % 60, 2, then: UInt8(ascii: "."))
        pad(rest % 1000, 3, then: zoneLetter ? UInt8(ascii: "Z") : nil)
        return String(decoding: text, as: UTF8.self)
    }

    static func verdict(_ error: OptoLinkError) -> Verdict {
        guard error == .httpStatus else {
            // No answer (offline, timeout): retried without counting against the event.
            return error.isConnectionFailure
                ? .retry(counts: false) : error == .invalidArgument ? .drop : .retry(counts: true)
        }
        switch error.status {
        case 401, 403: return .pause
        // The rate, or the backend or its gateway unavailable: nothing about the event (QubeRoute's seed:
        // "a 503 means keep them and try again").
        case 429, 502, 503, 504: return .retry(counts: false)
        case 408, 425: return .retry(counts: true)
        case 400...499: return .drop
        default: return .retry(counts: true)
        }
    }
}

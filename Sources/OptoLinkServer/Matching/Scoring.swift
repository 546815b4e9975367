import Foundation

/// P2.5's weighted score (section 2): IP 30, platform 10, OS version 15 (major only 8), language 10,
/// timezone 10, device model 12, recency +9/+7/+5/+3/+1 for < 5 min / 30 min / 60 min / 6 h / 12 h.
/// A match needs ≥ 65; confidence is high ≥ 85, medium ≥ 70, else low.
///
/// Comparisons: platform and language ignore case (`iOS`/`ios`, `en-US`/`en-us`); OS version,
/// timezone and device model are exact. A field unknown on either side scores 0.
enum Scoring {
    static let threshold = 65
    static let highConfidence = 85
    static let mediumConfidence = 70

    static let ipPoints = 30
    static let platformPoints = 10
    static let osExactPoints = 15
    static let osMajorPoints = 8
    static let languagePoints = 10
    static let timezonePoints = 10
    static let deviceModelPoints = 12

    /// Points per component for one candidate.
    struct Breakdown: Sendable, Hashable {
        var ip = 0
        var platform = 0
        var osVersion = 0
        var language = 0
        var timezone = 0
        var deviceModel = 0
        var recency = 0

        var total: Int { ip + platform + osVersion + language + timezone + deviceModel + recency }

        var json: JSON {
            .object(["ip": .number(Double(ip)), "platform": .number(Double(platform)), "osVersion": .number(Double(osVersion)),
                     "language": .number(Double(language)), "timezone": .number(Double(timezone)),
                     "deviceModel": .number(Double(deviceModel)), "recency": .number(Double(recency))])
        }
    }

    /// The recency bonus for a click `age` seconds old.
    static func recencyBonus(age: TimeInterval) -> Int {
        switch age {
        case ..<(5 * 60): 9
        case ..<(30 * 60): 7
        case ..<(60 * 60): 5
        case ..<(6 * 3600): 3
        case ..<(12 * 3600): 1
        default: 0
        }
    }

    /// Scores a click against a request. `sameIP` is true for every candidate (records are keyed by IP).
    static func score(click: ClickFingerprint, request: ClickFingerprint, sameIP: Bool = true, age: TimeInterval) -> Breakdown {
        var b = Breakdown()
        if sameIP { b.ip = ipPoints }
        if equalIgnoringCase(click.platform, request.platform) { b.platform = platformPoints }
        if let c = click.osVersion, let r = request.osVersion, !c.isEmpty {
            if c == r { b.osVersion = osExactPoints }
            else if sameMajor(c, r) { b.osVersion = osMajorPoints }
        }
        if equalIgnoringCase(click.language, request.language) { b.language = languagePoints }
        if equal(click.timezone, request.timezone) { b.timezone = timezonePoints }
        if equal(click.deviceModel, request.deviceModel) { b.deviceModel = deviceModelPoints }
        b.recency = recencyBonus(age: age)
        return b
    }

    /// `high`, `medium` or `low` for a matching score.
    static func confidence(for score: Int) -> String {
        score >= highConfidence ? "high" : score >= mediumConfidence ? "medium" : "low"
    }

    /// P2's exact test: platform, OS version and device model all known and equal (IP is the bucket).
    static func isExact(click: ClickFingerprint, request: ClickFingerprint) -> Bool {
        equalIgnoringCase(click.platform, request.platform) && equal(click.osVersion, request.osVersion)
            && equal(click.deviceModel, request.deviceModel)
    }

    /// The part before the first `.` (the whole string when there is none), without allocating.
    private static func major(_ version: String) -> Substring { version[..<(version.firstIndex(of: ".") ?? version.endIndex)] }

    /// Whether both versions have the same non-empty part before the first `.`. Compares UTF-8 bytes
    /// (`.` never occurs inside a multi-byte sequence); falls back to `major(_:)` for non-ASCII text,
    /// where String equality (canonical equivalence) may differ from byte equality.
    private static func sameMajor(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        var length = 0
        while true {
            let x = left.next(), y = right.next()
            let xEnd = x == nil || x == UInt8(ascii: "."), yEnd = y == nil || y == UInt8(ascii: ".")
            if xEnd || yEnd {
                // A `.` followed by a combining mark is no `.` Character: let `major(_:)` decide then.
                var l = left, r = right
                if x != nil, let n = l.next(), n >= 0x80 { let m = major(a); return !m.isEmpty && m == major(b) }
                if y != nil, let n = r.next(), n >= 0x80 { let m = major(a); return !m.isEmpty && m == major(b) }
                return xEnd && yEnd && length > 0
            }
            guard let x, let y, x < 0x80, y < 0x80 else { let m = major(a); return !m.isEmpty && m == major(b) }
            if x != y { return false }
            length += 1
        }
    }

    private static func equal(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, !a.isEmpty else { return false }
        return a == b
    }

    private static func equalIgnoringCase(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, !a.isEmpty else { return false }
        if a == b { return true }
        if let ascii = asciiEqualIgnoringCase(a, b) { return ascii }
        return a.lowercased() == b.lowercased()
    }

    /// Case-insensitive equality of two ASCII strings without allocating; nil when either is not ASCII
    /// (then `lowercased()` decides, as before).
    private static func asciiEqualIgnoringCase(_ a: String, _ b: String) -> Bool? {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        var equal = true
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil):
                return equal
            case (let x?, let y?):
                guard x < 0x80, y < 0x80 else { return nil }
                if equal, lower(x) != lower(y) { equal = false }
            case (let x?, nil):
                guard x < 0x80, a.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
                return false
            case (nil, let y?):
                guard y < 0x80, b.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
                return false
            }
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
}

import Foundation

/// P2.5's weighted score (section 2): IP 30, platform 10, OS version 15 (major only 8), language 10,
/// timezone 10, device model 12, recency +9/+7/+5/+3/+1 for < 5 min / 30 min / 60 min / 6 h / 12 h.
/// A match needs ≥ 65; confidence is high ≥ 85, medium ≥ 70, else low.
///
/// Comparisons are exact, as the real backend's: the same code points (JavaScript's `===` on the
/// strings: no case folding, so `ios` is not ua-parser's `iOS` and `en-us` is not `en-US`, and no Unicode
/// normalization), compared as UTF-8 bytes. OS version scores 15 when equal and 8 when only the part
/// before the first `.` is. A field unknown on either side scores 0. ``explain(click:request:age:)``
/// says why a component scored less than its maximum, with the same predicates.
///
/// The points are the seed's (``Weights/seed``); ``score(click:request:sameIP:age:weights:)`` takes others for
/// what-if runs of the same chain (``MatchEngine/Policy``).
package enum Scoring {
    /// The points P2.5 needs.
    package static let threshold = 65
    static let highConfidence = 85
    static let mediumConfidence = 70

    static let ipPoints = 30
    static let platformPoints = 10
    static let osExactPoints = 15
    static let osMajorPoints = 8
    static let languagePoints = 10
    static let timezonePoints = 10
    static let deviceModelPoints = 12

    /// The points each component gives when it matches, and the recency bonus by the click's age.
    package struct Weights: Sendable, Hashable {
        var ip = Scoring.ipPoints
        var platform = Scoring.platformPoints
        var osExact = Scoring.osExactPoints
        var osMajor = Scoring.osMajorPoints
        var language = Scoring.languagePoints
        var timezone = Scoring.timezonePoints
        var deviceModel = Scoring.deviceModelPoints
        /// The bonus for a click under 5 min old.
        var recency5min = 9
        /// … under 30 min old.
        var recency30min = 7
        /// … under 60 min old.
        var recency60min = 5
        /// … under 6 h old.
        var recency6h = 3
        /// … under 12 h old (none past 12 h).
        var recency12h = 1

        /// The seed's points.
        package static let seed = Weights()

        /// The recency bonus for a click `age` seconds old.
        func recencyBonus(age: TimeInterval) -> Int {
            switch age {
            case ..<(5 * 60): recency5min
            case ..<(30 * 60): recency30min
            case ..<(60 * 60): recency60min
            case ..<(6 * 3600): recency6h
            case ..<(12 * 3600): recency12h
            default: 0
            }
        }
    }

    /// Points per component for one candidate.
    package struct Breakdown: Sendable, Hashable {
        /// Each component's points.
        package var ip = 0, platform = 0, osVersion = 0, language = 0, timezone = 0, deviceModel = 0, recency = 0

        package var total: Int { ip + platform + osVersion + language + timezone + deviceModel + recency }

        /// P2's exact test for a breakdown scored with the seed's points: platform, OS version and device model
        /// all known and equal (IP is the bucket), which is when each of them scored its full points. Read from
        /// the breakdown a candidate is scored with anyway, instead of comparing those three fields a second time.
        /// With other weights, ``Scoring/isExact(click:request:)`` answers.
        package var isExact: Bool {
            platform == Scoring.platformPoints && osVersion == Scoring.osExactPoints
                && deviceModel == Scoring.deviceModelPoints
        }

        var json: JSON {
            .object([
                "ip": .number(Double(ip)), "platform": .number(Double(platform)),
                "osVersion": .number(Double(osVersion)),
                "language": .number(Double(language)), "timezone": .number(Double(timezone)),
                "deviceModel": .number(Double(deviceModel)), "recency": .number(Double(recency)),
            ])
        }
    }

    /// The seed's recency bonus for a click `age` seconds old.
    static func recencyBonus(age: TimeInterval) -> Int { Weights.seed.recencyBonus(age: age) }

    /// Scores a click against a request with `weights` (the seed's by default). `sameIP` is true for every
    /// candidate (records are keyed by IP).
    package static func score(
        click: ClickFingerprint, request: ClickFingerprint, sameIP: Bool = true, age: TimeInterval,
        weights: Weights = .seed
    ) -> Breakdown {
        var b = Breakdown()
        if sameIP { b.ip = weights.ip }
        if equal(click.platform, request.platform) { b.platform = weights.platform }
        if equal(click.osVersion, request.osVersion) {
            b.osVersion = weights.osExact
        } else if sameMajor(click.osVersion, request.osVersion) {
            b.osVersion = weights.osMajor
        }
        if equal(click.language, request.language) { b.language = weights.language }
        if equal(click.timezone, request.timezone) { b.timezone = weights.timezone }
        if equal(click.deviceModel, request.deviceModel) { b.deviceModel = weights.deviceModel }
        b.recency = weights.recencyBonus(age: age)
        return b
    }

    /// Why each component scored less than its maximum, in breakdown order, e.g.
    /// `platform 0: "ios" ≠ "iOS"` (the value the app sent, then the click's),
    /// `osVersion 8: same major version only ("17.4.1" vs "17.5")`, `timezone 0: unknown on the click`,
    /// `language 0: not sent`, `recency 7: click 7 min old`. Empty for a perfect candidate.
    static func explain(click: ClickFingerprint, request: ClickFingerprint, age: TimeInterval) -> [String] {
        var reasons: [String] = []
        func compare(_ name: String, _ clicked: String?, _ sent: String?) {
            guard !equal(clicked, sent) else { return }
            if name == "osVersion", sameMajor(clicked, sent), let clicked, let sent {
                reasons.append(
                    "osVersion \(osMajorPoints): same major version only (\(quoted(sent)) vs \(quoted(clicked)))")
                return
            }
            switch (clicked.flatMap { $0.isEmpty ? nil : $0 }, sent.flatMap { $0.isEmpty ? nil : $0 }) {
            case (nil, _): reasons.append("\(name) 0: unknown on the click")
            case (_, nil): reasons.append("\(name) 0: not sent")
            case (let clicked?, let sent?): reasons.append("\(name) 0: \(quoted(sent)) ≠ \(quoted(clicked))")
            }
        }
        compare("platform", click.platform, request.platform)
        compare("osVersion", click.osVersion, request.osVersion)
        compare("language", click.language, request.language)
        compare("timezone", click.timezone, request.timezone)
        compare("deviceModel", click.deviceModel, request.deviceModel)
        let bonus = recencyBonus(age: age)
        if bonus < recencyBonus(age: 0) {
            let old =
                age < 60
                ? "\(Int(max(0, age))) s"
                : age < 3600
                    ? "\(Int(age / 60)) min"
                    : "\(JSON.format((age / 360).rounded(.down) / 10)) h"
            reasons.append("recency \(bonus): click \(old) old")
        }
        return reasons
    }

    /// A value in double quotes, as JSON writes a string.
    private static func quoted(_ text: String) -> String { JSON.string(text).serialized() }

    /// `high`, `medium` or `low` for a matching score.
    static func confidence(for score: Int) -> String {
        score >= highConfidence ? "high" : score >= mediumConfidence ? "medium" : "low"
    }

    /// P2's exact test (``Breakdown/isExact``) for one click, whatever the weights.
    static func isExact(click: ClickFingerprint, request: ClickFingerprint) -> Bool {
        score(click: click, request: request, age: 0).isExact
    }

    /// Both known (non-empty) and the same code points: the same UTF-8 bytes, compared with `memcmp`
    /// (every candidate of every match compares five fields).
    private static func equal(_ a: String?, _ b: String?) -> Bool {
        guard var a, var b, !a.isEmpty else { return false }
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    /// Both known and the same non-empty part before the first `.` (compared as UTF-8 bytes, like `equal`).
    private static func sameMajor(_ a: String?, _ b: String?) -> Bool {
        guard var a, var b else { return false }
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let dot = UInt8(ascii: ".")
                let left = x.firstIndex(of: dot) ?? x.count
                let right = y.firstIndex(of: dot) ?? y.count
                return left > 0 && left == right && memcmp(x.baseAddress!, y.baseAddress!, left) == 0
            }
        }
    }
}

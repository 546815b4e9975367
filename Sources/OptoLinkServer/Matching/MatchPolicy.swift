import Foundation

/// The numbers OptoLink's chain decides with, each one settable (the match lab sweeps them): the seed's by
/// default. The server runs on ``seed`` unless its configuration says otherwise.
package struct MatchPolicy: Sendable, Hashable {
    /// P2.5 needs at least this many points. Default 65 (seed 000).
    package var threshold: Int
    /// The shared-network guard rejects every candidate when more than this many reach the threshold; nil
    /// turns it off. Default 3 (seed 000).
    package var guardSize: Int?
    /// How long a click can match, in seconds. Default 24 h (seed 000: a link without its own window).
    package var window: TimeInterval
    /// Points for the address, platform, exact OS version, OS major version only, language, time zone and
    /// device model. Defaults 30, 10, 15, 8, 10, 10, 12 (seed 000).
    package var ip, platform, osExact, osMajor, language, timezone, deviceModel: Int
    /// The recency bonus for a click under 5 min, 30 min, 60 min, 6 h and 12 h old. Default 9, 7, 5, 3, 1.
    package var recency: [Int]
    /// Whether P3 matches the newest click on the address when nothing reached the threshold. Default true
    /// (seed 000).
    package var ipFallback: Bool

    /// The seed's numbers.
    package static let seed = MatchPolicy()

    /// The seed's numbers, changed by the arguments given.
    package init(
        threshold: Int = Scoring.threshold, guardSize: Int? = 3, window: TimeInterval = 24 * 3600,
        ip: Int = Scoring.ipPoints, platform: Int = Scoring.platformPoints, osExact: Int = Scoring.osExactPoints,
        osMajor: Int = Scoring.osMajorPoints, language: Int = Scoring.languagePoints,
        timezone: Int = Scoring.timezonePoints, deviceModel: Int = Scoring.deviceModelPoints,
        recency: [Int] = [9, 7, 5, 3, 1], ipFallback: Bool = true
    ) {
        self.threshold = threshold
        self.guardSize = guardSize
        self.window = window
        self.ip = ip
        self.platform = platform
        self.osExact = osExact
        self.osMajor = osMajor
        self.language = language
        self.timezone = timezone
        self.deviceModel = deviceModel
        self.recency = recency
        self.ipFallback = ipFallback
    }

    /// The engine's policy.
    package var engine: MatchEngine.Policy {
        var weights = Scoring.Weights()
        (weights.ip, weights.platform, weights.osExact, weights.osMajor) = (ip, platform, osExact, osMajor)
        (weights.language, weights.timezone, weights.deviceModel) = (language, timezone, deviceModel)
        let bonus = recency + Array(repeating: 0, count: max(0, 5 - recency.count))
        (weights.recency5min, weights.recency30min, weights.recency60min) = (bonus[0], bonus[1], bonus[2])
        (weights.recency6h, weights.recency12h) = (bonus[3], bonus[4])
        return MatchEngine.Policy(
            threshold: threshold, guardSize: guardSize, weights: weights, ipFallback: ipFallback)
    }
}

import OptoLinkLabEngine

/// The backend's numbers a replay decided with, as its JSON keeps them: shards can be merged only when they ran
/// with the same.
package struct ReplayPolicy: Sendable, Hashable, Codable {
    /// See ``DirectMatcher/Policy``.
    package var threshold: Int
    /// See ``DirectMatcher/Policy``.
    package var guardSize: Int?
    /// See ``DirectMatcher/Policy``.
    package var windowSeconds: Double
    /// The points for the address, platform, exact OS, OS major, language, time zone and model.
    package var points: [Int]
    /// The recency bonuses.
    package var recency: [Int]
    /// See ``DirectMatcher/Policy``.
    package var ipFallback: Bool

    /// The numbers of `policy`.
    package init(_ policy: DirectMatcher.Policy) {
        threshold = policy.threshold
        guardSize = policy.guardSize
        windowSeconds = policy.window
        points = [
            policy.ip, policy.platform, policy.osExact, policy.osMajor, policy.language, policy.timezone,
            policy.deviceModel,
        ]
        recency = policy.recency
        ipFallback = policy.ipFallback
    }

    /// The engine's policy.
    package var policy: DirectMatcher.Policy {
        let p = points + Array(repeating: 0, count: max(0, 7 - points.count))
        return DirectMatcher.Policy(
            threshold: threshold, guardSize: guardSize, window: windowSeconds, ip: p[0], platform: p[1],
            osExact: p[2], osMajor: p[3], language: p[4], timezone: p[5], deviceModel: p[6], recency: recency,
            ipFallback: ipFallback)
    }
}

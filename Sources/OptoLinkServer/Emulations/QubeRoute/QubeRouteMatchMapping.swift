import OptoLinkHTTP
import OptoLinkToolSupport

/// How the engine's decision becomes QubeRoute's `confidence` (0–1) and `reason` (docs/server.md,
/// "Emulated services"). A pure function of the decision.
///
/// | engine | QubeRoute |
/// |---|---|
/// | P1.5 `INSTALL_REFERRER` (the click's token in `referrer`) | `confidence` 1, `reason` `referrer` |
/// | P2 `FINGERPRINT_EXACT`, P2.5 `FINGERPRINT_SCORED` | the click's points / 100 (at most 0.99), `fingerprint` |
/// | P3 `IP_FUZZY` | the click's points / 100 (at most 0.99; 0.30 for the address alone), `ip_address` |
/// | no match | no link, `confidence` 0, `no_match` |
/// | shared-network guard | no link, `confidence` 0, `shared_network` |
package enum QubeRouteMatchMapping {
    /// A match's answer, and what the install's attribution becomes.
    struct Outcome: Sendable, Hashable {
        /// The matched click's link (`qr:<environment>/<alias>`), nil for none.
        var linkId: String?
        var confidence: Double
        var reason: String
    }

    /// The highest confidence a probabilistic match can have: below 1, as seed 001 says.
    static let probabilisticCeiling = 0.99

    /// The outcome of `decision`.
    static func outcome(of decision: MatchEngine.Decision) -> Outcome {
        guard let result = decision.result else {
            return Outcome(linkId: nil, confidence: 0, reason: decision.guardFired ? "shared_network" : "no_match")
        }
        let reason = QubeRouteReason.forMethod(result.method)
        guard reason != QubeRouteReason.exact else {
            return Outcome(linkId: result.record.linkId, confidence: 1, reason: reason)
        }
        let points = EmulatedClickStore.points(of: result, in: decision) ?? Scoring.ipPoints
        let confidence = min(Double(points) / 100, probabilisticCeiling)
        return Outcome(linkId: result.record.linkId, confidence: confidence, reason: reason)
    }
}

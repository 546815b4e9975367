import OptoLink

/// The decision the project's matching engine makes for a first launch (what `/dev/match-attempts` logs
/// as `matchMethod`), with OptoLink's confidence band.
struct EngineDecision: Sendable, Hashable {
    /// `CLIPBOARD`, `FINGERPRINT_EXACT`, `FINGERPRINT_SCORED` or `IP_FUZZY`.
    var method: String
    /// OptoLink's `matchConfidence` for it.
    var confidence: MatchConfidence?

    static let clipboard = EngineDecision(method: "CLIPBOARD", confidence: .exact)
    static let fingerprintExact = EngineDecision(method: "FINGERPRINT_EXACT", confidence: .high)
    static let ipFuzzy = EngineDecision(method: "IP_FUZZY", confidence: .low)
    static func scored(_ confidence: MatchConfidence) -> EngineDecision {
        EngineDecision(method: "FINGERPRINT_SCORED", confidence: confidence)
    }
}

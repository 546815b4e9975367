import OptoLink

/// The decision the project's matching engine makes for a first launch (what `/dev/match-attempts` logs
/// as `matchMethod`), with OptoLink's confidence band.
package struct EngineDecision: Sendable, Hashable {
    /// `CLIPBOARD`, `FINGERPRINT_EXACT`, `FINGERPRINT_SCORED` or `IP_FUZZY`.
    var method: String
    /// OptoLink's `matchConfidence` for it.
    var confidence: MatchConfidence?

    /// The clipboard token matched: exact.
    package static let clipboard = EngineDecision(method: "CLIPBOARD", confidence: .exact)
    /// Every fingerprint field matched: high.
    package static let fingerprintExact = EngineDecision(method: "FINGERPRINT_EXACT", confidence: .high)
    /// Only the address matched: low.
    package static let ipFuzzy = EngineDecision(method: "IP_FUZZY", confidence: .low)
    /// The weighted score reached the threshold, with the confidence its points give.
    package static func scored(_ confidence: MatchConfidence) -> EngineDecision {
        EngineDecision(method: "FINGERPRINT_SCORED", confidence: confidence)
    }

    /// Where the contract's chain ranks the decision (first hit wins: clipboard, install referrer, exact
    /// fingerprint, the scored bands from high to low, the address alone); nil for no match or an unknown method.
    package var rank: Int? {
        let methods = ["IP_FUZZY", "FINGERPRINT_SCORED", "FINGERPRINT_EXACT", "INSTALL_REFERRER", "CLIPBOARD"]
        guard let index = methods.firstIndex(of: method) else { return nil }
        let bands: [MatchConfidence?] = [nil, .low, .medium, .high, .exact]
        return index * 10 + (bands.firstIndex(of: confidence) ?? 0)
    }

    /// The decision an OptoLink answer states (its `matchMethod` and `matchConfidence`); nil for another
    /// service's link, whose method is that service's vocabulary.
    package static func stated(by link: OptoLinkData) -> EngineDecision? {
        link.service == .optoLink && link.isDeferred
            ? EngineDecision(method: link.matchType.rawValue, confidence: link.confidence) : nil
    }
}

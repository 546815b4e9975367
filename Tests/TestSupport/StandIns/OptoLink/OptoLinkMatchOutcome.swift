/// What the match chain decided for one `/match`.
enum OptoLinkMatchOutcome: Sendable, Hashable {
    /// Record `recordID` matched by `method` (`CLIPBOARD`, `INSTALL_REFERRER`, `FINGERPRINT_EXACT`,
    /// `FINGERPRINT_SCORED`, `IP_FUZZY`) with `confidence`; `score` only when scored.
    case matched(recordID: Int, method: String, confidence: String, score: Int?)
    /// No match; `sharedNetwork` when the shared-network guard rejected every candidate.
    case none(sharedNetwork: Bool)
}

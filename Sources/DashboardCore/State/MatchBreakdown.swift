/// The server's breakdown of one match attempt: candidates, threshold and the shared-network guard.
package struct MatchBreakdown: Sendable, Hashable, Codable {
    /// The score threshold (65 in the contract).
    package var threshold: Int
    /// True when more than 3 candidates on the same IP scored ≥ threshold and all were rejected.
    package var guardFired: Bool
    /// The scored candidates, best first.
    package var candidates: [MatchCandidate]

    /// Creates a breakdown.
    package init(threshold: Int = 65, guardFired: Bool = false, candidates: [MatchCandidate] = []) {
        self.threshold = threshold
        self.guardFired = guardFired
        self.candidates = candidates
    }
}

/// One candidate click the server scored for a match attempt (from `/dev/match-attempts`).
package struct MatchCandidate: Sendable, Hashable, Codable {
    /// The link's short code, e.g. `summer`.
    package var shortCode: String
    /// The link's path, e.g. `/promo/summer`.
    package var path: String
    /// Age of the click when scored, in seconds.
    package var ageSeconds: Double
    /// Points per component; a missing component counts 0.
    package var points: [ScoreComponent: Int]
    /// Total score as the server computed it.
    package var total: Int

    /// Creates a candidate.
    package init(shortCode: String, path: String, ageSeconds: Double, points: [ScoreComponent: Int], total: Int) {
        self.shortCode = shortCode
        self.path = path
        self.ageSeconds = ageSeconds
        self.points = points
        self.total = total
    }
}

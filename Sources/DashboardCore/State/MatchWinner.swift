import Foundation

/// The click that won a match attempt, as the server's `/dev/match-attempts` names it: which link, when it was
/// clicked, by which method, and whether an earlier match had already taken it (a matched click is kept for a
/// grace of 30 s so an SDK's retry gets the same answer; a second install in that time gets it too).
package struct MatchWinner: Sendable, Hashable, Codable {
    /// The clicked link's short code.
    package var shortCode: String
    /// Where the link routes.
    package var path: String
    /// When the click was recorded (ISO 8601).
    package var recordedAt: String
    /// How it won, the engine's method (`CLIPBOARD`, `FINGERPRINT_EXACT`…).
    package var method: String
    /// When an earlier attempt matched it (ISO 8601); nil when this attempt was its first match.
    package var matchedAt: String?
    /// How long a matched click stays matchable, in seconds.
    package var graceSeconds: Double

    /// Creates a winner.
    package init(
        shortCode: String, path: String, recordedAt: String, method: String, matchedAt: String? = nil,
        graceSeconds: Double = 30
    ) {
        self.shortCode = shortCode
        self.path = path
        self.recordedAt = recordedAt
        self.method = method
        self.matchedAt = matchedAt
        self.graceSeconds = graceSeconds
    }

    /// The winner in one or two short lines, the times relative to the attempt at `at` (ISO 8601), the method
    /// under the service's name for it (`methodName`, the attempt's row's):
    /// `won: /promo/summer, clicked 40s before, FINGERPRINT_EXACT`, then, for a click an earlier attempt had
    /// matched, `matched 12s before by an earlier attempt, kept 30 s for retries`.
    package func lines(at: String?, methodName: String) -> [String] {
        let attempt = at.flatMap(ISO8601Text.date)
        func before(_ text: String) -> String {
            guard let attempt, let date = ISO8601Text.date(text) else { return "at \(text)" }
            return "\(MatchesPaneView.formatAge(max(0, attempt.timeIntervalSince(date)))) before"
        }
        let won = "won: \(path), clicked \(before(recordedAt)), \(methodName)"
        guard let matchedAt else { return [won] }
        let grace = String(format: "%.0f", graceSeconds)
        return [won, "matched \(before(matchedAt)) by an earlier attempt, kept \(grace) s for retries"]
    }
}

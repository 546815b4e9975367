import Foundation

/// A click waiting for its install, as the real backend keeps it in Redis. Path and params are a
/// snapshot taken at click time (link params merged over template params, the link winning).
struct MatchRecord: Sendable, Hashable {
    /// The clipboard token (`opl_` + 22 base64url), also the record's key.
    var token: String
    var orgId: Int64
    var linkId: String
    var shortCode: String
    var path: String
    var params: [String: JSON]
    /// SHA-256 (hex) of the client address.
    var ipHash: String
    var fingerprint: ClickFingerprint
    var recordedAt: Date
    /// recordedAt + match window; after a match, at most matchedAt + 30 s.
    var expiresAt: Date
    /// When it first matched (then it only lives on for the grace period).
    var matchedAt: Date?
}

import Foundation

/// A click waiting for its install, as the real backend keeps it in Redis. Path and params are a
/// snapshot taken at click time (link params merged over template params, the link winning), shared
/// by every record of the same link version (see ``LinkSnapshot``).
package struct MatchRecord: Sendable, Hashable {
    /// The clipboard token (`opl_` + 22 base64url), also the record's key.
    package var token: String
    /// The link as it was at click time.
    var link: LinkSnapshot
    /// The hashed client address (`Backend.ipHash`).
    var ipHash: String
    /// What the browser told about itself.
    package var fingerprint: ClickFingerprint
    var recordedAt: Date
    /// recordedAt + match window; after a match, at most matchedAt + 30 s.
    package var expiresAt: Date
    /// When it first matched (then it only lives on for the grace period).
    var matchedAt: Date?

    /// A record of the link as it is now (its snapshot is interned by the store).
    package init(
        token: String, orgId: Int64, linkId: String, shortCode: String, path: String, params: [String: JSON],
        ipHash: String,
        fingerprint: ClickFingerprint, recordedAt: Date, expiresAt: Date, matchedAt: Date? = nil
    ) {
        self.token = token
        self.link = LinkSnapshot(orgId: orgId, linkId: linkId, shortCode: shortCode, path: path, params: params)
        self.ipHash = ipHash
        self.fingerprint = fingerprint
        self.recordedAt = recordedAt
        self.expiresAt = expiresAt
        self.matchedAt = matchedAt
    }

    var orgId: Int64 { link.orgId }
    var linkId: String { link.linkId }
    var shortCode: String { link.shortCode }
    var path: String { link.path }
    var params: [String: JSON] { link.params }
}

/// What a click remembers of its link: one immutable object per link version, shared by all its clicks
/// (the store interns them), so a million clicks of one link hold one params dictionary, not a million.
final class LinkSnapshot: Sendable, Hashable {
    let orgId: Int64
    let linkId: String
    let shortCode: String
    let path: String
    let params: [String: JSON]

    init(orgId: Int64, linkId: String, shortCode: String, path: String, params: [String: JSON]) {
        self.orgId = orgId
        self.linkId = linkId
        self.shortCode = shortCode
        self.path = path
        self.params = params
    }

    static func == (lhs: LinkSnapshot, rhs: LinkSnapshot) -> Bool {
        lhs === rhs
            || (lhs.orgId == rhs.orgId && lhs.linkId == rhs.linkId && lhs.shortCode == rhs.shortCode
                && lhs.path == rhs.path && lhs.params == rhs.params)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(linkId)
    }
}

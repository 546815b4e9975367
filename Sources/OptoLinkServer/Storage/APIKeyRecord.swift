import Foundation

/// A stored API key: only its prefix and SHA-256 hash, never the raw key.
struct APIKeyRecord: Sendable, Hashable {
    var id: Int64
    var orgId: Int64
    var prefix: String
    var hash: String
    var tier: KeyTier
    var revoked: Bool
    var expiresAt: Date?
    /// When a regenerated key replaced this one; it keeps working for 24 h after.
    var supersededAt: Date?
}

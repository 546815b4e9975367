import Foundation
import OptoLinkHTTP

/// Section 5's `ApiKeyAuthGuard`: `Authorization: Bearer <raw>`, lookup by prefix, SHA-256 verify,
/// key not revoked / expired / past its 24 h supersede grace (401), org ACTIVE (403), right tier (403).
enum APIKeyAuthenticator {
    /// Characters of a key kept in clear as the lookup index.
    static let prefixLength = 16
    /// How long a superseded key keeps working.
    static let supersedeGrace: TimeInterval = 24 * 3600

    /// The successful result.
    struct Identity: Sendable {
        var org: OrgRecord
        var key: APIKeyRecord
        /// For logs: the key's first 8 characters, never the raw key.
        var actor: String
    }

    /// A new raw key: `opl_sdk_` (CLIENT) or `opl_api_` (SERVER) and 32 random hex digits (16 bytes from
    /// the system's generator).
    static func newKey(tier: KeyTier) -> String {
        (tier == .client ? "opl_sdk_" : "opl_api_") + RandomToken.hex(RandomToken.randomBytes(16))
    }

    /// The indexed prefix of a raw key.
    static func prefix(of key: String) -> String { String(key.prefix(prefixLength)) }

    /// Authenticates an `Authorization` header value for `tier`.
    static func authenticate(authorization: String?, tier: KeyTier, store: Store, now: Date) throws(OptoLinkServerError)
        -> Identity
    {
        guard let header = authorization?.trimmingASCII(" \t"), !header.isEmpty else {
            throw .unauthorized("Missing API key: send Authorization: Bearer <key>")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw .unauthorized("Malformed Authorization header: expected Bearer <key>")
        }
        let identity = try verify(rawKey: parts[1].trimmingASCII(" \t"), store: store, now: now)
        guard identity.org.isActive else {
            throw .forbidden("Organization \(identity.org.orgKey) is not active (\(identity.org.status))")
        }
        guard identity.key.tier == tier else {
            throw .forbidden(
                tier == .client
                    ? "This endpoint needs a CLIENT key (opl_sdk_…); a SERVER key was sent"
                    : "This endpoint needs a SERVER key (opl_api_…); a CLIENT key was sent")
        }
        return identity
    }

    /// Finds and checks a raw key (any tier, any org status): 401 when unknown, revoked or expired.
    static func verify(rawKey: String, store: Store, now: Date, access: Store.Access = .wait)
        throws(OptoLinkServerError) -> Identity
    {
        guard rawKey.count >= prefixLength, rawKey.count <= 200 else { throw .unauthorized("Invalid API key") }
        let hash = Digest.sha256Hex(rawKey)
        guard
            let key = try store.keys(prefix: prefix(of: rawKey), access: access).first(where: {
                constantTimeEquals($0.hash, hash)
            })
        else {
            throw .unauthorized("Invalid API key")
        }
        if key.revoked { throw .unauthorized("API key revoked") }
        if let expires = key.expiresAt, expires <= now { throw .unauthorized("API key expired") }
        if let superseded = key.supersededAt, superseded.addingTimeInterval(supersedeGrace) <= now {
            throw .unauthorized("API key expired (superseded more than 24 h ago)")
        }
        guard let org = try store.org(id: key.orgId, access: access) else { throw .unauthorized("Invalid API key") }
        return Identity(org: org, key: key, actor: actor(for: rawKey))
    }

    /// `sdk:<first 8>` for client keys, `api:<first 8>` for server keys: what logs and the audit see.
    static func actor(for rawKey: String) -> String {
        (rawKey.hasPrefix("opl_api_") ? "api:" : "sdk:") + String(rawKey.prefix(8))
    }

    private static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}

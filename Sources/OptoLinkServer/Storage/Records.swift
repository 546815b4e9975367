import Foundation

/// An organisation (tenant).
struct OrgRecord: Sendable, Hashable {
    var id: Int64
    var orgKey: String
    var name: String
    /// `ACTIVE`, `SUSPENDED`, …
    var status: String
    var teamId: String?
    var bundleId: String?
    var customDomain: String?

    var isActive: Bool { status == "ACTIVE" }
}

/// The two key tiers of section 5.
enum KeyTier: String, Sendable, Hashable {
    /// `opl_sdk_…`: `/sdk/*` (and `/match` attribution).
    case client = "CLIENT"
    /// `opl_api_…`: `/links`.
    case server = "SERVER"
}

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

/// A link template (params and match window shared by links).
struct TemplateRecord: Sendable, Hashable {
    var orgId: Int64
    var templateId: String
    var params: [String: JSON]
    var matchWindowHours: Int?
}

/// A short link.
struct LinkRecord: Sendable, Hashable {
    var id: String
    var orgId: Int64
    var shortCode: String
    var path: String
    var params: [String: JSON]
    var templateId: String?
    var matchWindowHours: Int?
    var createdAt: Date
    var updatedAt: Date

    /// The `/links` wire shape.
    var json: JSON {
        .object([
            "id": .string(id), "shortCode": .string(shortCode), "path": .string(path), "params": .object(params),
            "template": templateId.map(JSON.string) ?? .null,
            "matchWindowHours": matchWindowHours.map { .number(Double($0)) } ?? .null,
            "createdAt": .string(ISOTime.string(createdAt)), "updatedAt": .string(ISOTime.string(updatedAt)),
        ])
    }
}

/// A device profile (upserted by `/sdk/session`, `/match`, `/data?deviceId=`).
struct DeviceProfile: Sendable, Hashable {
    var deviceId: String
    var orgId: Int64?
    var firstSeenAt: Date
    var lastSeenAt: Date
    var platform: String?
    var osVersion: String?
    var deviceModel: String?
}

/// A device → end-user binding; open while `unboundAt` is nil.
struct IdentityBinding: Sendable, Hashable {
    var orgId: Int64
    var deviceId: String
    var externalId: String
    var boundAt: Date
    var unboundAt: Date?
}

import Foundation
import OptoLinkHTTP

/// Key rotation with a SERVER key (`Authorization: Bearer opl_api_…`): section 5's "superseded keys keep
/// working for a 24 h grace window after regeneration", reachable over HTTP.
enum KeyRoutes {
    static let regenerateValidator = BodyValidator(fields: [
        .init(name: "tier", kind: .string(min: 1, max: 20), required: true)
    ])

    /// `POST /api-keys/regenerate` `{"tier":"CLIENT"|"SERVER"}` → 201 `{key, tier, prefix, createdAt,
    /// superseded, graceEndsAt}`: a new key of that tier for the caller's org. Every live key of the tier
    /// that was not superseded yet is superseded now (it answers 401 from `graceEndsAt` on); a key that was
    /// already superseded keeps its own, earlier end. The raw key is in this answer only: the server keeps
    /// its hash, and the audit trail its `sdk:`/`api:` prefix.
    static func regenerate(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try APIKeyAuthenticator.authenticate(
            authorization: request.header("Authorization"), tier: .server,
            store: backend.store, now: context.now)
        let body = try regenerateValidator.validate(request.body)
        guard let tier = KeyTier(rawValue: body.string("tier")!) else {
            throw OptoLinkServerError.validation([.init(message: "tier must be CLIENT or SERVER", field: "tier")])
        }
        let rawKey = APIKeyAuthenticator.newKey(tier: tier)
        let superseded = try backend.store.regenerateKey(
            orgId: identity.org.id, tier: tier, rawKey: rawKey, now: context.now)
        try backend.store.audit(
            actor: identity.actor, orgId: identity.org.id, action: "key.regenerate",
            detail: "\(tier.rawValue) \(APIKeyAuthenticator.actor(for: rawKey)), \(superseded) superseded",
            now: context.now)
        let graceEnds: JSON =
            superseded > 0
            ? .string(ISOTime.string(context.now.addingTimeInterval(APIKeyAuthenticator.supersedeGrace))) : .null
        return .json(
            [
                "key": .string(rawKey), "tier": .string(tier.rawValue),
                "prefix": .string(APIKeyAuthenticator.prefix(of: rawKey)),
                "createdAt": .string(ISOTime.string(context.now)), "superseded": .number(Double(superseded)),
                "graceEndsAt": graceEnds,
            ], status: 201)
    }
}

import Foundation
import OptoLinkHTTP

/// Route 3: `POST /match`, deferred matching (no auth; optional `X-API-Key` for attribution).
enum MatchRoute {
    static let validator = BodyValidator(fields: [
        .init(name: "clipboardToken", kind: .string(min: 0, max: 100), required: false),
        .init(name: "installReferrer", kind: .string(min: 0, max: 100), required: false),
        .init(name: "deviceId", kind: .string(min: 8, max: 100), required: false),
        .init(name: "platform", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "osVersion", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "deviceModel", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "language", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "timezone", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
    ])

    /// Runs the chain, upserts the device profile, logs the attempt and audits it
    /// (`sdk:<first 8>` when an `X-API-Key` came along, else `anonymous`). Answered on the event loop: the
    /// key is read with the request's `access` before anything changes, the device upsert and the audit row
    /// are queued.
    static func match(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let body = try validator.validate(request.body)
        func field(_ name: String) -> String? { body.string(name).flatMap { $0.isEmpty ? nil : $0 } }
        let input = MatchEngine.Input(
            clipboardToken: field("clipboardToken"), installReferrer: field("installReferrer"),
            deviceId: field("deviceId"),
            fingerprint: ClickFingerprint(
                platform: field("platform"), osVersion: field("osVersion"), deviceModel: field("deviceModel"),
                language: field("language"), timezone: field("timezone")))
        var attribution: APIKeyAuthenticator.Identity?
        var actor = "anonymous"
        if let key = request.header("X-API-Key")?.trimmingASCII(" \t"), !key.isEmpty {
            actor = APIKeyAuthenticator.actor(for: key)
            do {
                attribution = try APIKeyAuthenticator.verify(
                    rawKey: key, store: backend.store, now: context.now, access: context.access)
            } catch  where error.isStorageBusy {
                throw error  // asked again on a storage worker: nothing has changed yet
            } catch {
                attribution = nil  // a bad key only loses the attribution
            }
        }
        let ipHash = backend.ipHash(context.ip)
        backend.store.queueMatchRequest(input, ipHash: ipHash, now: context.now)
        let decision = backend.matches.match(input, ipHash: ipHash, now: context.now)
        backend.attempts.record(input: input, decision: decision, ip: context.ip, now: context.now)
        let orgId = decision.result?.record.orgId ?? attribution?.org.id
        let method = decision.result?.method ?? (decision.guardFired ? "NONE (shared-network guard)" : "NONE")
        backend.store.queueMatch(
            device: input.deviceId.map {
                ($0, input.fingerprint.platform, input.fingerprint.osVersion, input.fingerprint.deviceModel)
            },
            orgId: orgId, actor: actor, detail: method, now: context.now)
        return .json(MatchEngine.responseJSON(decision.result))
    }
}

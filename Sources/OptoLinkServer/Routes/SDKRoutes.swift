import Foundation
import OptoLinkHTTP

/// Routes 4–7: `/sdk/*`, CLIENT key (`Authorization: Bearer opl_sdk_…`).
enum SDKRoutes {
    private static let text = BodyValidator.freeTextMax

    static let sessionValidator = BodyValidator(fields: [
        .init(name: "deviceId", kind: .string(min: 8, max: 100), required: true),
        .init(name: "platform", kind: .string(min: 0, max: text), required: false),
        .init(name: "osVersion", kind: .string(min: 0, max: text), required: false),
        .init(name: "deviceModel", kind: .string(min: 0, max: text), required: false),
    ])
    static let identityValidator = BodyValidator(
        fields: sessionValidator.fields + [
            .init(name: "externalId", kind: .string(min: 1, max: 255), required: true)
        ])
    static let clearValidator = BodyValidator(fields: [
        .init(name: "deviceId", kind: .string(min: 8, max: 100), required: true)
    ])
    static let eventsValidator = BodyValidator(fields: [
        .init(name: "deviceId", kind: .string(min: 8, max: 100), required: true),
        .init(name: "eventName", kind: .string(min: 1, max: 100), required: true),
        .init(name: "properties", kind: .object(maxBytes: 10_240), required: false),
    ])

    private static func authenticate(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext)
        throws(OptoLinkServerError) -> APIKeyAuthenticator.Identity
    {
        try APIKeyAuthenticator.authenticate(
            authorization: request.header("Authorization"), tier: .client, store: backend.store, now: context.now)
    }

    /// The org's profile of the device: 404 for a device this org never registered (whether or not another org did).
    private static func knownDevice(_ backend: Backend, _ identity: APIKeyAuthenticator.Identity, _ deviceId: String)
        throws(OptoLinkServerError) -> DeviceProfile
    {
        guard let device = try backend.store.device(orgId: identity.org.id, id: deviceId) else {
            throw OptoLinkServerError(
                status: 404, message: "Unknown device \(deviceId): register it with /sdk/session first",
                details: [.init(message: "unknown deviceId", field: "deviceId")])
        }
        return device
    }

    private static func optional(_ body: [String: JSON], _ name: String) -> String? {
        body.string(name).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `POST /sdk/session` → `{ok, deviceId, firstSeenAt, lastSeenAt}` (device profile upsert).
    static func session(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try authenticate(backend, request, context)
        let body = try sessionValidator.validate(request.body)
        let device = try backend.store.upsertDevice(
            orgId: identity.org.id, id: body.string("deviceId")!, platform: optional(body, "platform"),
            osVersion: optional(body, "osVersion"), deviceModel: optional(body, "deviceModel"), now: context.now)
        return .json([
            "ok": true, "deviceId": .string(device.deviceId),
            "firstSeenAt": .string(ISOTime.string(device.firstSeenAt)),
            "lastSeenAt": .string(ISOTime.string(device.lastSeenAt)),
        ])
    }

    /// `POST /sdk/identity` → `{ok, deviceId, externalId, boundAt}`; 404 for a device never seen.
    static func identity(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try authenticate(backend, request, context)
        let body = try identityValidator.validate(request.body)
        let deviceId = body.string("deviceId")!
        _ = try knownDevice(backend, identity, deviceId)
        try backend.store.upsertDevice(
            orgId: identity.org.id, id: deviceId, platform: optional(body, "platform"),
            osVersion: optional(body, "osVersion"), deviceModel: optional(body, "deviceModel"), now: context.now)
        let binding = try backend.store.bind(
            orgId: identity.org.id, deviceId: deviceId, externalId: body.string("externalId")!, now: context.now)
        try backend.store.audit(
            actor: identity.actor, orgId: identity.org.id, action: "identity.bind", detail: deviceId, now: context.now)
        return .json([
            "ok": true, "deviceId": .string(deviceId), "externalId": .string(binding.externalId),
            "boundAt": .string(ISOTime.string(binding.boundAt)),
        ])
    }

    /// `POST /sdk/identity/clear` → `{ok, deviceId, externalId: null, unboundAt}` (ok also when nothing was bound).
    static func identityClear(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws
        -> HTTPResponse
    {
        let identity = try authenticate(backend, request, context)
        let body = try clearValidator.validate(request.body)
        let deviceId = body.string("deviceId")!
        _ = try knownDevice(backend, identity, deviceId)
        try backend.store.unbind(orgId: identity.org.id, deviceId: deviceId, now: context.now)
        try backend.store.audit(
            actor: identity.actor, orgId: identity.org.id, action: "identity.clear", detail: deviceId, now: context.now)
        return .json([
            "ok": true, "deviceId": .string(deviceId), "externalId": .null,
            "unboundAt": .string(ISOTime.string(context.now)),
        ])
    }

    /// `POST /sdk/events` → `{ok: true}`; properties over 10 240 bytes serialized are rejected.
    static func events(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try authenticate(backend, request, context)
        let body = try eventsValidator.validate(request.body)
        let deviceId = body.string("deviceId")!
        _ = try knownDevice(backend, identity, deviceId)
        try backend.store.insertEvent(
            orgId: identity.org.id, deviceId: deviceId, name: body.string("eventName")!,
            properties: body["properties"]?.objectValue, now: context.now)
        return .json(["ok": true])
    }
}

import Foundation
import OptoLinkFaults
import OptoLinkHTTP

/// Route 10 and the dashboard's tools; 404 when the server runs with `production`.
enum DevRoutes {
    static let simulateValidator = BodyValidator(fields: [
        .init(name: "orgKey", kind: .string(min: 1, max: 100), required: true),
        .init(name: "shortCode", kind: .string(min: 1, max: 64), required: true),
        .init(name: "platform", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "osVersion", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "deviceModel", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "language", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "timezone", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "ageSeconds", kind: .number(0...31_536_000), required: false),
    ])

    static let faultValidator = BodyValidator(fields: [
        .init(name: "route", kind: .string(min: 1, max: 20), required: true),
        .init(name: "kind", kind: .string(min: 1, max: 20), required: true),
        .init(name: "status", kind: .integer(400...599), required: false),
        .init(name: "delaySeconds", kind: .number(0...120), required: false),
        .init(name: "count", kind: .integer(1...10_000), required: false),
    ])

    /// `POST /dev/deferred/simulate` → `{clipboardToken, recordedAt, expiresAt}`: a click from the
    /// caller's address, as if made `ageSeconds` ago.
    static func simulate(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let body = try simulateValidator.validate(request.body)
        let (_, link) = try backend.resolve(
            orgKey: body.string("orgKey")!, shortCode: body.string("shortCode")!, access: context.access)
        func field(_ name: String) -> String? { body.string(name).flatMap { $0.isEmpty ? nil : $0 } }
        let fingerprint = ClickFingerprint(
            platform: field("platform"), osVersion: field("osVersion"), deviceModel: field("deviceModel"),
            language: field("language"), timezone: field("timezone"))
        let recordedAt = context.now.addingTimeInterval(-(body["ageSeconds"]?.numberValue ?? 0))
        let record = try backend.recordClick(
            link: link, ip: context.ip, fingerprint: fingerprint, at: recordedAt, access: context.access)
        backend.store.queueClick(
            linkId: link.id, source: "simulate", ipHash: record.ipHash, fingerprint: fingerprint, now: context.now)
        return .json([
            "clipboardToken": .string(record.token), "recordedAt": .string(ISOTime.string(record.recordedAt)),
            "expiresAt": .string(ISOTime.string(record.expiresAt)),
        ])
    }

    /// `GET /dev/match-attempts?deviceId=&service=&limit=` (limit 1–200, default 20; newest first; `service`
    /// `optolink` or an emulated service's name).
    static func matchAttempts(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws
        -> HTTPResponse
    {
        var limit = 20
        if let text = request.query["limit"] {
            guard let n = Int(text), (1...200).contains(n) else {
                throw OptoLinkServerError.validation([
                    .init(message: "limit must be an integer between 1 and 200", field: "limit")
                ])
            }
            limit = n
        }
        let deviceId = request.query["deviceId"].flatMap { $0.isEmpty ? nil : $0 }
        let service = request.query["service"].flatMap { $0.isEmpty ? nil : $0 }
        if let service, !EmulatedService.attemptTags.contains(service) {
            throw OptoLinkServerError.validation([
                .init(
                    message: "service must be one of \(EmulatedService.attemptTags.joined(separator: ", "))",
                    field: "service")
            ])
        }
        return .json(["attempts": .array(backend.attempts.recent(deviceId: deviceId, service: service, limit: limit))])
    }

    /// `GET /dev/faults` → `{"pending":[…]}`.
    static func listFaults(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        .json(["pending": .array(backend.faults.all.map(\.json))])
    }

    /// `POST /dev/faults` `{route, kind, status?, delaySeconds?, count}` → `{"pending":[…]}`.
    static func addFault(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let body = try faultValidator.validate(request.body)
        var details = [OptoLinkServerError.Detail]()
        let route = body.string("route")!
        if !FaultInjector.routes.contains(route) {
            details.append(
                .init(
                    message: "route must be one of \(FaultInjector.routeNames.joined(separator: ", "))", field: "route")
            )
        }
        let kind = body.string("kind")!
        if !Fault.wireKinds.contains(kind) {
            details.append(
                .init(message: "kind must be one of \(Fault.wireKinds.joined(separator: ", "))", field: "kind"))
        }
        if kind == "status", body.int("status") == nil {
            details.append(.init(message: "status is required for kind status", field: "status"))
        }
        if kind == "delay", body["delaySeconds"] == nil {
            details.append(.init(message: "delaySeconds is required for kind delay", field: "delaySeconds"))
        }
        // A member another kind takes is refused, not ignored: `{"kind":"drop","status":503}` injects no 503.
        if kind != "status", body["status"] != nil {
            details.append(.init(message: "status is taken by kind status only, not \(kind)", field: "status"))
        }
        if kind != "delay", body["delaySeconds"] != nil {
            details.append(
                .init(message: "delaySeconds is taken by kind delay only, not \(kind)", field: "delaySeconds"))
        }
        guard details.isEmpty,
            let fault = Fault(kind: kind, status: body.int("status"), delaySeconds: body["delaySeconds"]?.numberValue)
        else { throw OptoLinkServerError.validation(details) }
        backend.faults.add(FaultRule(route: route, fault: fault, count: body.int("count") ?? 1))
        return try listFaults(backend, request, context)
    }

    /// `DELETE /dev/faults` → `{"pending":[]}`; `DELETE /dev/faults?route=NAME` clears only that route's faults
    /// and answers what is still pending.
    static func clearFaults(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse
    {
        guard let route = request.query["route"] else {
            backend.faults.clear()
            return .json(["pending": []])
        }
        guard FaultInjector.routes.contains(route) else {
            throw OptoLinkServerError.validation([
                .init(
                    message: "route must be one of \(FaultInjector.routeNames.joined(separator: ", "))", field: "route")
            ])
        }
        backend.faults.clear(route: route)
        return try listFaults(backend, request, context)
    }
}

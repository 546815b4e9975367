import Foundation
import OptoLinkHTTP

/// QubeRoute's three SDK endpoints (seed 001), `Authorization: Bearer qr_live_…` / `qr_test_…`:
///
/// - `POST /api/v1/sdk/resolve {url, installToken?}` → `{link, confidence, reason, attributed, installId}`
/// - `POST /api/v1/sdk/match {installToken, referrer?}` → the same shape, once per install
/// - `POST /api/v1/sdk/events {installToken, events: [...]}` → `{installId, accepted, duplicates}`
///
/// Bodies are checked strictly (an unknown member is a 400 naming it, like OptoLink's routes); errors are
/// ``QubeRouteErrorShape``.
enum QubeRouteRoutes {
    static let resolveValidator = BodyValidator(fields: [
        .init(name: "url", kind: .string(min: 1, max: 2048), required: true),
        .init(name: "installToken", kind: .string(min: 1, max: 128), required: false),
    ])
    static let matchValidator = BodyValidator(fields: [
        .init(name: "installToken", kind: .string(min: 1, max: 128), required: true),
        .init(name: "referrer", kind: .string(min: 0, max: 1024), required: false),
    ])
    static let batchValidator = BodyValidator(fields: [
        .init(name: "installToken", kind: .string(min: 1, max: 128), required: true)
    ])
    static let eventValidator = BodyValidator(fields: [
        .init(name: "eventId", kind: .string(min: 1, max: 128), required: true),
        .init(name: "name", kind: .string(min: 1, max: 100), required: true),
        .init(name: "valueMinor", kind: .integer(-9_007_199_254_740_991...9_007_199_254_740_991), required: false),
        .init(name: "currency", kind: .string(min: 3, max: 3), required: false),
        .init(name: "properties", kind: .object(maxBytes: 10_240), required: false),
        .init(name: "clientTimestamp", kind: .string(min: 1, max: 64), required: false),
    ])
    /// Events per batch: the package's offline queue holds 100 (seed 001).
    static let maxBatch = 100

    /// `POST /api/v1/sdk/resolve`: the link behind an opened URL. A URL that is not one of the caller's links
    /// (another environment's included) answers 200 with `link: null`, `reason: not_found`. With an
    /// `installToken`, the install is created when new, and a direct open attributes an install that no
    /// match or earlier open attributed to a link yet (a match that found none leaves it unattributed).
    static func resolve(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let emulation = backend.emulations.quberoute
        let caller = try emulation.authenticate(request)
        let body = try resolveValidator.validate(request.body)
        let url = body.string("url")!
        var problems = [OptoLinkServerError.Detail]()
        if !EmulationSeed.isAbsoluteURL(url) {
            problems.append(.init(message: "url must be an absolute URL", field: "url"))
        }
        let token = body.string("installToken")
        if let token, !isInstallToken(token) { problems.append(installTokenProblem) }
        guard problems.isEmpty else { throw OptoLinkServerError.validation(problems) }

        let link = emulation.link(forURL: url, caller: caller)
        let install = try token.map { token throws(OptoLinkServerError) in
            try QubeRouteInstalls.touch(backend.store, caller: caller, token: token, directLink: link, now: context.now)
        }
        return .json(
            answer(
                link: link, confidence: link == nil ? 0 : 1, reason: link == nil ? "not_found" : "direct",
                install: install))
    }

    /// `POST /api/v1/sdk/match`: the first call of an install runs the matching engine against the clicks
    /// on the caller's environment's links (install referrer, then the request's address, User-Agent and
    /// Accept-Language; ``QubeRouteMatchMapping``) and records the answer; every later call answers
    /// `reason: already_attributed` without a link and without matching again.
    static func match(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let emulation = backend.emulations.quberoute
        let caller = try emulation.authenticate(request)
        let body = try matchValidator.validate(request.body)
        let token = body.string("installToken")!
        guard isInstallToken(token) else { throw OptoLinkServerError.validation([installTokenProblem]) }
        let referrer = body.string("referrer").flatMap { $0.isEmpty ? nil : $0 }
        let input = MatchEngine.Input(
            clipboardToken: nil, installReferrer: referrer, deviceId: token,
            fingerprint: EmulatedClickStore.headerFingerprint(request))
        let ipHash = backend.ipHash(context.ip)

        var decision: MatchEngine.Decision?
        var outcome: QubeRouteMatchMapping.Outcome?
        let (install, decided) = try QubeRouteInstalls.attributeOnce(
            backend.store, caller: caller, token: token, now: context.now
        ) {
            let made =
                emulation.clicks(project: caller.project, environment: caller.environment)?.match(
                    input, ipHash: ipHash, now: context.now)
                ?? MatchEngine.Decision(result: nil, guardFired: false, candidates: [])
            let mapped = QubeRouteMatchMapping.outcome(of: made)
            decision = made
            outcome = mapped
            return (mapped.reason, mapped.linkId.flatMap { emulation.links[$0]?.alias })
        }
        guard decided, let decision, let outcome else {
            return .json(answer(link: nil, confidence: 0, reason: "already_attributed", install: install))
        }
        let link = outcome.linkId.flatMap { emulation.links[$0] }
        backend.attempts.record(
            input: input, decision: decision, ip: context.ip, now: context.now,
            service: EmulatedService.quberoute.rawValue,
            answer: [
                "reason": .string(outcome.reason), "confidence": .number(outcome.confidence),
                "alias": link.map { .string($0.alias) } ?? .null, "environment": .string(caller.environment),
            ])
        return .json(answer(link: link, confidence: outcome.confidence, reason: outcome.reason, install: install))
    }

    /// `POST /api/v1/sdk/events`: a batch of 1–100 events, checked as a whole (one bad event refuses the
    /// batch, nothing is recorded). A `valueMinor` needs a `currency` (ISO 4217: three capital letters).
    /// Answers which `eventId`s were recorded and which were refused as already recorded for this install.
    static func events(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let caller = try backend.emulations.quberoute.authenticate(request)
        let (token, events) = try parseBatch(request.body)
        let (install, accepted, duplicates) = try QubeRouteInstalls.record(
            backend.store, caller: caller, token: token, events: events, now: context.now)
        return .json([
            "installId": .string(install.installId), "accepted": .array(accepted.map(JSON.string)),
            "duplicates": .array(duplicates.map(JSON.string)),
        ])
    }

    /// Validates an events body: every problem of every event, named by its place (`events[2].currency`).
    static func parseBatch(_ bytes: [UInt8]) throws(OptoLinkServerError) -> (
        token: String, events: [QubeRouteInstalls.Event]
    ) {
        let json: JSON =
            bytes.allSatisfy({ [0x20, 0x09, 0x0a, 0x0d].contains($0) }) ? .object([:]) : try JSONParser.parse(bytes)
        guard var object = json.objectValue else {
            throw OptoLinkServerError.badRequest("Request body must be a JSON object")
        }
        let rawEvents = object.removeValue(forKey: "events")
        var problems = [OptoLinkServerError.Detail]()
        var top = [String: JSON]()
        do { top = try batchValidator.validate(object) } catch { problems += error.details }
        if let token = top.string("installToken"), !isInstallToken(token) { problems.append(installTokenProblem) }

        var events = [QubeRouteInstalls.Event]()
        switch rawEvents {
        case nil, .null?:
            problems.append(.init(message: "events is required", field: "events"))
        case .array(let items)? where (1...maxBatch).contains(items.count):
            for (index, item) in items.enumerated() {
                let place = "events[\(index)]"
                guard let fields = item.objectValue else {
                    problems.append(
                        .init(message: "\(place) must be a JSON object, not \(item.typeName)", field: place))
                    continue
                }
                let event: [String: JSON]
                do {
                    event = try eventValidator.validate(fields)
                } catch {
                    problems += error.details.map {
                        .init(message: "\(place).\($0.message)", field: $0.field.map { "\(place).\($0)" } ?? place)
                    }
                    continue
                }
                if let currency = event.string("currency"), !currency.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) {
                    problems.append(
                        .init(
                            message: "\(place).currency must be an ISO 4217 code: three capital letters",
                            field: "\(place).currency"))
                }
                if event["valueMinor"] != nil, event["currency"] == nil {
                    problems.append(
                        .init(
                            message:
                                "\(place).currency is required when valueMinor is set: a value always requires a "
                                + "currency",
                            field: "\(place).currency"))
                }
                if let stamp = event.string("clientTimestamp"), ISOTime.parse(stamp) == nil {
                    problems.append(
                        .init(
                            message: "\(place).clientTimestamp must be an ISO-8601 timestamp",
                            field: "\(place).clientTimestamp"))
                }
                events.append(
                    .init(
                        eventId: event.string("eventId")!, name: event.string("name")!,
                        valueMinor: event["valueMinor"]?.numberValue.map { Int64($0) },
                        currency: event.string("currency"),
                        properties: event["properties"]?.objectValue, clientTimestamp: event.string("clientTimestamp")))
            }
        case .array?:
            problems.append(.init(message: "events must hold 1–\(maxBatch) events", field: "events"))
        case let other?:
            problems.append(.init(message: "events must be an array, not \(other.typeName)", field: "events"))
        }
        guard problems.isEmpty, let token = top.string("installToken") else {
            throw OptoLinkServerError.validation(problems)
        }
        return (token, events)
    }

    /// An install token: 1–128 printable ASCII characters without spaces (seed 001: an opaque string; the
    /// page's own is a UUID without hyphens).
    static func isInstallToken(_ token: String) -> Bool {
        (1...128).contains(token.utf8.count) && token.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    private static let installTokenProblem = OptoLinkServerError.Detail(
        message: "installToken must be 1–128 printable ASCII characters without spaces", field: "installToken")

    /// The resolve and match answer.
    static func answer(
        link: QubeRouteEmulation.Link?, confidence: Double, reason: String, install: QubeRouteInstalls.Install?
    ) -> JSON {
        .object([
            "link": link?.json ?? .null, "confidence": .number(confidence), "reason": .string(reason),
            "attributed": .bool(install?.attributed ?? false),
            "installId": install.map { .string($0.installId) } ?? .null,
        ])
    }
}

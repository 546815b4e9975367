import Foundation
import OptoLinkHTTP

/// Deep Blue Links' two endpoints (seed 004), `Api-Key: …`:
///
/// - `POST /api/links/resolve {url}` → `{id, longUrl, shortUrl, isSandbox}`, or 404 when the URL is not one
///   of the app's short links ("route by the URL itself").
/// - `POST /api/links/check-deferred {timezone, device?{screenWidth, screenHeight, language}}` → the same
///   shape, or 404: no click matches (the normal answer for most launches).
///
/// `isSandbox` follows the key. Bodies are checked strictly; errors are ``DeepBlueErrorShape``.
enum DeepBlueRoutes {
    static let resolveValidator = BodyValidator(fields: [
        .init(name: "url", kind: .string(min: 1, max: 2048), required: true)
    ])
    static let deferredValidator = BodyValidator(fields: [
        .init(name: "timezone", kind: .string(min: 1, max: 64), required: true),
        .init(name: "device", kind: .object(maxBytes: 1024), required: false),
    ])
    static let deviceValidator = BodyValidator(fields: [
        .init(name: "screenWidth", kind: .number(1...100_000), required: true),
        .init(name: "screenHeight", kind: .number(1...100_000), required: true),
        .init(name: "language", kind: .string(min: 1, max: 35), required: true),
    ])

    /// `POST /api/links/resolve`.
    static func resolve(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let emulation = backend.emulations.deepblue
        let caller = try emulation.authenticate(request)
        let body = try resolveValidator.validate(request.body)
        guard let link = emulation.link(forURL: body.string("url")!, caller: caller) else {
            throw OptoLinkServerError.notFound("Not found.")
        }
        return .json(emulation.answer(link, sandbox: caller.sandbox))
    }

    /// `POST /api/links/check-deferred`: matches the launch against the clicks on the app's links with the
    /// project's engine (the request's address, time zone, screen as `screen:<short>x<long>`, language, and
    /// platform / OS version when its User-Agent names them); any match answers the link, none is a 404.
    static func checkDeferred(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws
        -> HTTPResponse
    {
        let emulation = backend.emulations.deepblue
        let caller = try emulation.authenticate(request)
        let (timezone, device) = try parseDeferred(request.body)
        let fingerprint = DeepBlueEmulation.fingerprint(
            headers: EmulatedClickStore.headerFingerprint(request), timezone: timezone,
            screen: device.map { ($0.width, $0.height) }, language: device?.language)
        let input = MatchEngine.Input(
            clipboardToken: nil, installReferrer: nil, deviceId: nil, fingerprint: fingerprint)
        let decision =
            emulation.clicks(app: caller.app)?.match(input, ipHash: backend.ipHash(context.ip), now: context.now)
            ?? MatchEngine.Decision(result: nil, guardFired: false, candidates: [])
        let link = decision.result.flatMap { emulation.links[$0.record.shortCode] }
        backend.attempts.record(
            input: input, decision: decision, ip: context.ip, now: context.now,
            service: EmulatedService.deepblue.rawValue,
            answer: [
                "status": .number(link == nil ? 404 : 200), "id": link.map { .number(Double($0.id)) } ?? .null,
                "isSandbox": .bool(caller.sandbox),
            ])
        guard let link else { throw OptoLinkServerError.notFound("No deferred link found.") }
        return .json(emulation.answer(link, sandbox: caller.sandbox))
    }

    /// The validated check-deferred body: the time zone and, when sent, the device.
    static func parseDeferred(_ bytes: [UInt8]) throws(OptoLinkServerError) -> (
        String, (width: Double, height: Double, language: String)?
    ) {
        let body = try deferredValidator.validate(bytes)
        var problems = [OptoLinkServerError.Detail]()
        let timezone = body.string("timezone")!
        if !DeepBlueEmulation.isTimeZoneIdentifier(timezone) {
            problems.append(
                .init(message: "timezone must be an IANA time zone such as Europe/Berlin", field: "timezone"))
        }
        var device: (width: Double, height: Double, language: String)?
        if let object = body["device"]?.objectValue {
            do {
                let fields = try deviceValidator.validate(object)
                device = (
                    fields["screenWidth"]!.numberValue!, fields["screenHeight"]!.numberValue!,
                    fields.string("language")!
                )
            } catch {
                problems += error.details.map {
                    .init(message: "device.\($0.message)", field: $0.field.map { "device.\($0)" } ?? "device")
                }
            }
        }
        guard problems.isEmpty else { throw OptoLinkServerError.validation(problems) }
        return (timezone, device)
    }
}

import Foundation
import OptoLinkHTTP

/// AppsFlyer's S2S iOS deep-link request (seed 003): `POST /v1.0/ios/{app_id}?af_sig=…` (the spec's
/// server URL ends in `/v1.0`; `POST /ios/{app_id}` answers the same, for a base URL without it).
///
/// Checked in this order: the app id (400 `unknown_app_id`), the body and `af_sig`'s presence (400
/// `invalid_request` naming every problem, ``AppsFlyerRequest``), then the signature (400
/// `invalid_signature`). The install is then matched against the clicks on the app's links with the
/// project's engine: the body's `ip` (the device's address, which the app's backend passes on: the
/// request itself comes from that backend), platform iOS, `os`, `lang` and the device family of `type`
/// against each click's address, User-Agent and Accept-Language. Any match answers `{found: true,
/// click_event{…, match_type: "probabilistic"}}`; none, or the shared-network guard, `{found: false,
/// click_event: {}}` (200 either way). `is_first` is recorded with the attempt, not acted on.
enum AppsFlyerRoutes {
    /// `POST /v1.0/ios/:app_id` and `POST /ios/:app_id`.
    static func deepLink(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let emulation = backend.emulations.appsflyer
        let appId = context.params["app_id"] ?? ""
        guard let app = emulation.apps[appId] else {
            throw OptoLinkServerError.badRequest("Unknown app_id \(appId.prefix(64))").coded("unknown_app_id")
        }
        let body: AppsFlyerRequest
        // Several af_sig would be a choice of which to check (the query keeps the last): refused.
        guard request.count(ofQueryItemsNamed: "af_sig") <= 1 else {
            throw OptoLinkServerError.validation([.init(message: "af_sig: given more than once", field: "af_sig")])
        }
        let signature = request.query["af_sig"].flatMap { $0.isEmpty ? nil : $0 }
        do throws(OptoLinkServerError) {
            body = try AppsFlyerRequest.parse(request.body)
        } catch {
            var details = error.details.isEmpty ? [.init(message: error.message, field: nil)] : error.details
            if signature == nil {
                details.append(.init(message: "af_sig: the query parameter is required", field: "af_sig"))
            }
            throw OptoLinkServerError.validation(details)
        }
        guard let signature else {
            throw OptoLinkServerError.validation([
                .init(message: "af_sig: the query parameter is required", field: "af_sig")
            ])
        }
        guard AppsFlyerSignatureCheck.isValid(signature, timestamp: body.timestamp, ip: body.ip, signer: app.signer)
        else {
            throw OptoLinkServerError.badRequest(
                "af_sig does not match: expected the lower-case hex HMAC-SHA256 of timestamp + ip keyed with the "
                    + "app's DevKey"
            )
            .coded("invalid_signature")
        }

        let fingerprint = AppsFlyerEmulation.launchFingerprint(os: body.os, lang: body.lang, type: body.type)
        let input = MatchEngine.Input(
            clipboardToken: nil, installReferrer: nil, deviceId: body.idfv, fingerprint: fingerprint)
        let decision =
            emulation.clicks(appId: appId)?.match(input, ipHash: backend.ipHash(body.ip), now: context.now)
            ?? MatchEngine.Decision(result: nil, guardFired: false, candidates: [])
        let record = decision.result?.record
        backend.attempts.record(
            input: input, decision: decision, ip: body.ip, now: context.now,
            service: EmulatedService.appsflyer.rawValue,
            answer: [
                "found": .bool(record != nil), "linkId": record.map { .string($0.linkId) } ?? .null,
                "match_type": record == nil ? .null : .string("probabilistic"),
                "is_first": .bool(body.isFirst), "request_id": body.requestId.map(JSON.string) ?? .null,
            ])
        return .json(AppsFlyerEmulation.answer(record))
    }
}

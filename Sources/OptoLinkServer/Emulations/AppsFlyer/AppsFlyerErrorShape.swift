import Foundation
import OptoLinkHTTP

/// AppsFlyer's error answer (seed 003): `{"code": "…", "message": "…"}` for a 400, and for everything a
/// client can cause here (404, 405, 429 with `Retry-After`). A 503 or 504 has no body, as the seed's
/// `GatewayTimeout` and `ServiceUnavailable` (`content: {}`) — an injected fault included.
///
/// Codes: `invalid_request` (a body or query problem; `message` lists every one), `invalid_signature`
/// (`af_sig` does not match), `unknown_app_id`, `not_found`, `method_not_allowed`, `rate_limited`,
/// `server_error`.
enum AppsFlyerErrorShape {
    /// The answer for `error`.
    static func render(_ error: OptoLinkServerError, requestId: String) -> HTTPResponse {
        if error.status == 503 || error.status == 504 {
            return EmulatedErrorShape.finish(HTTPResponse(status: error.status), error, requestId: requestId)
        }
        let message = EmulatedErrorShape.problems(of: error).joined(separator: "; ")
        return EmulatedErrorShape.finish(
            .json(
                ["code": .string(EmulatedErrorShape.code(of: error)), "message": .string(message)],
                status: error.status), error, requestId: requestId)
    }
}

import Foundation
import OptoLinkHTTP

/// QubeRoute's error answer (seed 001 shows none; this one follows the page's JSON conventions: camelCase
/// members, snake_case codes like its `already_attributed`):
///
/// ```json
/// {"error": {"code": "invalid_request", "message": "Validation failed",
///            "details": [{"field": "events[0].currency", "message": "currency is required when valueMinor is set"}]},
///  "requestId": "req_…"}
/// ```
///
/// Codes: `invalid_request` (400), `missing_key` / `invalid_key` (401), `secret_key_refused` (403),
/// `not_found` (404), `method_not_allowed` (405), `rate_limited` (429, with `Retry-After`), `unavailable`
/// (503) and `server_error` (other 5xx, injected faults included).
enum QubeRouteErrorShape {
    /// The answer for `error`.
    static func render(_ error: OptoLinkServerError, requestId: String) -> HTTPResponse {
        var body: [String: JSON] = [
            "code": .string(EmulatedErrorShape.code(of: error)), "message": .string(error.message),
        ]
        if !error.details.isEmpty {
            body["details"] = .array(
                error.details.map { detail in
                    var item: [String: JSON] = ["message": .string(detail.message)]
                    if let field = detail.field { item["field"] = .string(field) }
                    return .object(item)
                })
        }
        return EmulatedErrorShape.finish(
            .json(["error": .object(body), "requestId": .string(requestId)], status: error.status),
            error, requestId: requestId)
    }
}

import Foundation
import OptoLinkHTTP

/// What the three emulated error shapes share: a code for errors that carry none, and the headers every
/// error answer gets (`X-Request-Id`; `Retry-After` on a 429).
enum EmulatedErrorShape {
    /// The error's own code (``OptoLinkServerError/serviceCode``), else one made from its status (also for
    /// the statuses only the HTTP layer answers: 408, 411, 431, 505).
    static func code(of error: OptoLinkServerError) -> String {
        if let code = error.serviceCode { return code }
        switch error.status {
        case 400: return "invalid_request"
        case 401: return "unauthorized"
        case 403: return "forbidden"
        case 404: return "not_found"
        case 405: return "method_not_allowed"
        case 408: return "request_timeout"
        case 409: return "conflict"
        case 411: return "length_required"
        case 413: return "payload_too_large"
        case 429: return "rate_limited"
        case 431: return "header_fields_too_large"
        case 503: return "unavailable"
        case 505: return "http_version_not_supported"
        case 500...599: return "server_error"
        default: return "error"
        }
    }

    /// `response` with the request id and, for a 429, `Retry-After`.
    static func finish(_ response: HTTPResponse, _ error: OptoLinkServerError, requestId: String) -> HTTPResponse {
        var response = response
        if let retry = error.retryAfter { response.headers.append(("Retry-After", String(retry))) }
        response.headers.append(("X-Request-Id", requestId))
        return response
    }

    /// The problems of a validation error as `field: message` lines (or its message when it has none).
    static func problems(of error: OptoLinkServerError) -> [String] {
        error.details.isEmpty ? [error.message] : error.details.map { $0.message }
    }
}

import Foundation
import OptoLinkHTTP

/// Deep Blue Links' error answer. Seed 004 reads only the status (404 = "not a short link" or "no deferred
/// link"); the body follows the `Api-Key` style of Django REST Framework APIs:
///
/// ```json
/// {"detail": "Not found."}
/// {"detail": "Invalid request.", "errors": {"timezone": ["This field is required."]}}
/// ```
///
/// 401 when the `Api-Key` is missing or unknown, 400 with `errors` per field, 404, 405, 429 (with
/// `Retry-After`) and 5xx with `detail` only.
enum DeepBlueErrorShape {
    /// The answer for `error`.
    static func render(_ error: OptoLinkServerError, requestId: String) -> HTTPResponse {
        var body: [String: JSON] = ["detail": .string(error.message)]
        if !error.details.isEmpty {
            var fields = [String: [JSON]]()
            for detail in error.details {
                fields[detail.field ?? "non_field_errors", default: []].append(.string(detail.message))
            }
            body["errors"] = .object(fields.mapValues { .array($0) })
        }
        return EmulatedErrorShape.finish(.json(.object(body), status: error.status), error, requestId: requestId)
    }
}

import Foundation
import OptoLink

/// What ``RecordingTransport`` saw of one call, before it is tied to a request id and attempt.
package struct TransportRecord: Sendable, Hashable {
    /// Order of the call on this transport (1, 2, …).
    package var sequence: Int
    /// The request (headers as sent, before masking; masked when turned into an ``HTTPExchange``).
    package var request: HTTPRequest
    /// The answer, nil when none came.
    package var response: HTTPResponse?
    /// The transport's error when no answer came.
    package var error: String?
    /// SDK clock time of the call.
    package var start: Double
    /// SDK clock time of the answer or the failure.
    package var end: Double
    /// Wall-clock time of the call.
    package var startedAt: Date

    /// Method, URL and body: the same for every attempt of one request (the SDK re-sends one `HTTPRequest`).
    package var identity: String {
        request.method + " " + request.url.absoluteString + " "
            + (request.body.map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    /// The exchange for `requestID`/`attempt`, credentials masked, bodies bounded.
    package func exchange(requestID: Int, attempt: Int, endpoint: String) -> HTTPExchange {
        func fields(_ headers: [String: String]) -> [HTTPExchange.Field] {
            headers.map { HTTPExchange.Field(name: $0.key, value: SecretMask.header($0.key, $0.value)) }
                .sorted { $0.name.lowercased() < $1.name.lowercased() }
        }
        return HTTPExchange(
            requestID: requestID, attempt: attempt, endpoint: endpoint, method: request.method,
            url: request.url.absoluteString,
            requestHeaders: fields(request.headers), requestBody: request.body.map { HTTPExchange.Body($0) },
            status: response?.status, responseHeaders: response.map { fields($0.headers) } ?? [],
            responseBody: response.map { HTTPExchange.Body($0.body) }, error: error, start: start,
            duration: max(0, end - start),
            startedAt: startedAt)
    }
}

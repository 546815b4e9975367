import Foundation

/// One HTTP attempt as the simulated device's transport saw it: the request as sent (API keys masked), the
/// answer (or why there was none) and its timing, tied to the SDK's request id and attempt number.
///
/// Recorded by ``RecordingTransport`` without changing what the SDK sends; correlated with the SDK's
/// diagnostics by ``ExchangeLog``; shown by the request inspector and exported as HAR entries.
package struct HTTPExchange: Sendable, Hashable, Codable {
    /// Bodies longer than this many bytes are cut (the rest is counted, not kept): 16 KiB is many times the
    /// largest body the SDK sends (an event is refused above 10 000 bytes) and keeps 400 exchanges under ~13 MB.
    package static let bodyLimit = 16 * 1024

    /// One header field.
    package struct Field: Sendable, Hashable, Codable {
        /// The name as sent.
        package var name: String
        /// The value (masked for credentials, see ``SecretMask``).
        package var value: String

        /// Creates a field.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A body as kept: its text (UTF-8, cut at ``HTTPExchange/bodyLimit`` bytes) and its real size.
    package struct Body: Sendable, Hashable, Codable {
        /// The kept text (invalid UTF-8 is replaced).
        package var text: String
        /// The body's real size in bytes.
        package var byteCount: Int
        /// Whether ``text`` is only the first ``HTTPExchange/bodyLimit`` bytes.
        package var isTruncated: Bool

        /// Keeps `data`, cut at `limit` bytes.
        package init(_ data: Data, limit: Int = HTTPExchange.bodyLimit) {
            byteCount = data.count
            isTruncated = data.count > limit
            text = String(decoding: data.prefix(limit), as: UTF8.self)
        }
    }

    /// The dashboard's request id (the SDK's id shifted per launch, as on the timeline).
    package var requestID: Int
    /// 1-based attempt number.
    package var attempt: Int
    /// The endpoint raw value (`match`, `data`, `session`…).
    package var endpoint: String
    /// `GET`, `POST`.
    package var method: String
    /// The full URL.
    package var url: String
    /// The request's header fields, sorted by name, credentials masked.
    package var requestHeaders: [Field]
    /// The request body, nil for none.
    package var requestBody: Body?
    /// The HTTP status, nil when no answer came.
    package var status: Int?
    /// The answer's header fields, sorted by name.
    package var responseHeaders: [Field]
    /// The answer's body, nil when no answer came.
    package var responseBody: Body?
    /// Why no answer came (the transport's error), nil when one did.
    package var error: String?
    /// SDK clock time the transport was called.
    package var start: Double
    /// Seconds until the answer (or the failure).
    package var duration: Double
    /// Wall-clock time the transport was called (HAR `startedDateTime`).
    package var startedAt: Date

    /// Creates an exchange.
    package init(
        requestID: Int, attempt: Int, endpoint: String, method: String, url: String, requestHeaders: [Field],
        requestBody: Body?, status: Int?, responseHeaders: [Field], responseBody: Body?, error: String?,
        start: Double, duration: Double, startedAt: Date
    ) {
        self.requestID = requestID
        self.attempt = attempt
        self.endpoint = endpoint
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.error = error
        self.start = start
        self.duration = duration
        self.startedAt = startedAt
    }

    /// The value of header `name` of the request (case-insensitive).
    package func requestHeader(_ name: String) -> String? {
        requestHeaders.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The value of header `name` of the answer (case-insensitive).
    package func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The SDK's one error type: what ``OptoLinkAPI`` throws, what ``OptoLinkConfiguration``'s factories
/// throw when they refuse a configuration, and what the facade logs when it returns nil or false.
///
/// A struct with a hidden code (new kinds do not break your `switch`): compare with the static members,
/// which compare kinds only, and read the context from the properties.
///
/// ```swift
/// do { _ = try await optoLink.api?.linkData(shortCode: "summer", deviceId: nil) }
/// catch where error == .httpStatus && error.status == 429 { wait(error.retryAfterSeconds ?? 1) }
/// ```
public struct OptoLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case invalidConfiguration
        case invalidArgument
        case connectionFailed
        case timedOut
        case cancelled
        case httpStatus
        case invalidResponse
        case unsupportedByService
    }

    private let code: Code

    /// The HTTP status; 0 when no HTTP answer came (connection failures, timeouts, cancellation, bad input).
    public let status: Int
    /// What went wrong: the backend's envelope message when there is one.
    public let message: String
    /// The backend's per-field details (validation errors), empty otherwise.
    public let details: [Detail]
    /// The backend's request id (envelope `requestId`, else the `X-Request-Id` header).
    public let requestId: String?
    /// Seconds to wait before trying again: parsed from a 429's `Retry after N second(s)` message,
    /// else from the answer's `Retry-After` header (delay-seconds, or an HTTP-date counted from the
    /// answer's `Date` header when it has one, else from now; a date in the past is 0).
    public let retryAfterSeconds: Int?
    /// The error underneath (a `URLError`, a `DecodingError`…), when there is one.
    public let underlying: (any Error)?

    /// One entry of the envelope's `details`.
    public struct Detail: Sendable, Hashable {
        /// What is wrong.
        public var message: String
        /// The request field it is about, when the backend named one.
        public var field: String?

        /// Creates a detail.
        public init(message: String, field: String? = nil) {
            self.message = message
            self.field = field
        }
    }

    private init(
        code: Code, status: Int = 0, message: String, details: [Detail] = [], requestId: String? = nil,
        retryAfterSeconds: Int? = nil, underlying: (any Error)? = nil
    ) {
        self.code = code
        self.status = status
        self.message = message
        self.details = details
        self.requestId = requestId
        self.retryAfterSeconds = retryAfterSeconds
        self.underlying = underlying
    }

    // MARK: Kinds (compare with `==`; equality looks at the kind only)

    /// The configuration was refused (bad key, org key or base URL).
    public static let invalidConfiguration = OptoLinkError(
        code: .invalidConfiguration, message: "Invalid configuration")
    /// An argument was refused locally before any request (e.g. an event name that is too long).
    public static let invalidArgument = OptoLinkError(code: .invalidArgument, message: "Invalid argument")
    /// No HTTP answer: connection refused, host not found, connection lost… (`status` 0).
    public static let connectionFailed = OptoLinkError(code: .connectionFailed, message: "Connection failed")
    /// No HTTP answer within the timeout (`status` 0).
    public static let timedOut = OptoLinkError(code: .timedOut, message: "Timed out")
    /// The call was cancelled (the task was cancelled or the SDK shut down).
    public static let cancelled = OptoLinkError(code: .cancelled, message: "Cancelled")
    /// The backend answered with a non-2xx status (see `status`, `message`, `details`).
    public static let httpStatus = OptoLinkError(code: .httpStatus, message: "HTTP error")
    /// A 2xx answer whose body could not be understood.
    public static let invalidResponse = OptoLinkError(code: .invalidResponse, message: "Invalid response")
    /// The configured service has no endpoint for what was asked, so nothing was sent: identity
    /// (``OptoLink/setIdentity(_:)``, ``OptoLink/clearIdentity()``) on any service but OptoLink, events
    /// (``OptoLink/trackEvent(_:properties:)``) on Deep Blue Links and AppsFlyer, ``OptoLinkAPI`` with a
    /// configuration of another service. The message names the call and the service. The facade logs it
    /// (an error line and ``OptoLink/diagnostics``) and returns false; the table of what each service can
    /// do is in <doc:Services>.
    public static let unsupportedByService = OptoLinkError(
        code: .unsupportedByService, message: "Not offered by the configured service")

    /// Equal when both errors are of the same kind (status, message and the rest are not compared).
    public static func == (lhs: OptoLinkError, rhs: OptoLinkError) -> Bool { lhs.code == rhs.code }

    /// Whether there was no HTTP answer at all (connection failure or timeout).
    public var isConnectionFailure: Bool { code == .connectionFailed || code == .timedOut }

    /// A one-line description: kind, status, message, request id.
    public var description: String {
        var text = "OptoLinkError.\(code)"
        if status != 0 { text += " \(status)" }
        text += ": \(message)"
        if !details.isEmpty {
            text +=
                " ["
                + details.map { detail in detail.field.map { "\($0): \(detail.message)" } ?? detail.message }
                .joined(separator: "; ") + "]"
        }
        if let requestId { text += " (requestId \(requestId))" }
        if let retryAfterSeconds { text += " (retry after \(retryAfterSeconds) s)" }
        return text
    }

    // MARK: Builders

    static func configuration(_ message: String) -> OptoLinkError {
        OptoLinkError(code: .invalidConfiguration, message: message)
    }

    static func argument(_ message: String) -> OptoLinkError {
        OptoLinkError(code: .invalidArgument, message: message)
    }

    /// ``unsupportedByService``: `call` (`"setIdentity"`) is refused because `service` `lacks` (`"binds no
    /// devices to users"`).
    static func unsupported(_ call: String, by service: OptoLinkService, because lacks: String) -> OptoLinkError {
        OptoLinkError(code: .unsupportedByService, message: "\(call): \(service.displayName) \(lacks)")
    }

    static func cancelled(_ underlying: (any Error)?) -> OptoLinkError {
        OptoLinkError(code: .cancelled, message: "The request was cancelled", underlying: underlying)
    }

    /// An error for a request that got no HTTP answer.
    static func transport(_ error: any Error) -> OptoLinkError {
        if error is CancellationError { return .cancelled(error) }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: return .cancelled(error)
            case .timedOut:
                return OptoLinkError(code: .timedOut, message: "The request timed out", underlying: error)
            default:
                return OptoLinkError(
                    code: .connectionFailed, message: "Connection failed (URLError \(urlError.code.rawValue))",
                    underlying: error)
            }
        }
        return OptoLinkError(code: .connectionFailed, message: "Connection failed: \(error)", underlying: error)
    }

    /// An error for a 2xx answer whose body did not make sense.
    static func invalidResponse(
        status: Int, _ message: String, requestId: String? = nil, underlying: (any Error)? = nil
    ) -> OptoLinkError {
        OptoLinkError(
            code: .invalidResponse, status: status, message: message, requestId: requestId, underlying: underlying)
    }

    /// The largest error body that is parsed; longer ones keep only their status (a hostile or broken
    /// proxy page must not cost memory or time).
    static let maxEnvelopeBytes = 64 * 1024

    /// Builds the error for a non-2xx answer from the backend's envelope
    /// `{"message", "details": [{"message","field"}], "requestId"}` (or another service's: `error.message`
    /// and `error.details`, `detail`), falling back to a generic message
    /// for anything else (HTML error pages, wrong types, empty or huge bodies). Never traps.
    static func http(_ response: HTTPResponse, now: Date = Date()) -> OptoLinkError {
        var message: String?
        var details: [Detail] = []
        var requestId: String?
        var underlying: (any Error)?
        if response.body.count <= maxEnvelopeBytes, !response.body.isEmpty {
            do {
                let value = try JSONValueParser.decode(response.body)  // depth-capped, never recursive
                if let object = value.objectValue {
                    message = object["message"]?.stringValue
                    if case .array(let list)? = object["message"] {
                        // NestJS sometimes sends validation messages as an array of strings.
                        let parts = list.compactMap(\.stringValue)
                        if !parts.isEmpty { message = parts.joined(separator: "; ") }
                    }
                    requestId = object["requestId"]?.stringValue
                    // The other services' shapes: QubeRoute's {"error": {message, details}}, Deep Blue's
                    // {"detail": "…"} (OptoLink's top-level message wins when both are there).
                    let inner = object["error"]?.objectValue
                    if message == nil { message = inner?["message"]?.stringValue ?? object["detail"]?.stringValue }
                    for item in object["details"]?.arrayValue ?? inner?["details"]?.arrayValue ?? [] {
                        if let text = item["message"]?.stringValue {
                            details.append(Detail(message: text, field: item["field"]?.stringValue))
                        } else if let text = item.stringValue {
                            details.append(Detail(message: text))
                        }
                    }
                }
            } catch {
                underlying = error
            }
        }
        if requestId == nil { requestId = response.header("X-Request-Id") }
        let text = message ?? "HTTP \(response.status)"
        var retryAfter = parseRetryAfter(text)
        if retryAfter == nil, let header = response.header("Retry-After") {
            retryAfter = retryAfterHeader(header, date: response.header("Date"), now: now)
        }
        return OptoLinkError(
            code: .httpStatus, status: response.status, message: text, details: details, requestId: requestId,
            retryAfterSeconds: retryAfter, underlying: underlying)
    }

    /// Seconds from a `Retry-After` field value (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date
    /// (IMF-fixdate, the obsolete RFC 850 and asctime forms) minus `date` (the answer's `Date` header, so
    /// a wrong device clock does not matter) or else `now`, at least 0. Nil for anything else.
    static func retryAfterHeader(_ value: String, date: String?, now: Date) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return text.count <= 9 ? Int(text) : Int(999_999_999)
        }
        guard let target = httpDate(text) else { return nil }
        let reference = date.flatMap(httpDate) ?? now
        let seconds = target.timeIntervalSince(reference).rounded(.up)
        guard seconds.isFinite else { return nil }
        return Int(min(max(seconds, 0), 999_999_999))
    }

    /// An HTTP-date in any of the three forms recipients must accept.
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// `N` from a message like `Retry after 12 second(s)` (also `Retry after 1 second`), else nil.
    static func parseRetryAfter(_ message: String) -> Int? {
        guard let range = message.range(of: "Retry after ", options: [.caseInsensitive]) else { return nil }
        let digits = message[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, let seconds = Int(digits) else { return nil }
        let rest = message[range.upperBound...].dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard rest.lowercased().hasPrefix("second") else { return nil }
        return seconds
    }
}

import Foundation
internal import OptoLinkClientCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one error type of `OptoLinkS2S`: what ``AppsFlyerS2SClient`` and the request and configuration
/// types throw.
///
/// A struct with a hidden code (new kinds do not break a `switch`): compare with the static members,
/// which compare kinds only, and read the context from the properties.
///
/// ```swift
/// do {
///     let answer = try await client.deepLink(request)
/// } catch let error as OptoLinkS2SError where error == .badRequest {
///     log("AppsFlyer refused the request: \(error.serviceCode ?? "-") \(error.message)")
/// }
/// ```
public struct OptoLinkS2SError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: String, Sendable, Equatable {
        case invalidConfiguration
        case invalidRequest
        case badRequest
        case httpStatus
        case connectionFailed
        case timedOut
        case cancelled
        case invalidResponse
    }

    private let code: Code

    /// The HTTP status of the last answer; 0 when none came (local refusal, network error, timeout).
    public let status: Int
    /// What went wrong, for a person: the service's `message` when it sent one.
    public let message: String
    /// The input that was refused (`"ip"`, `"att_status"`, `"appID"`…), for local refusals.
    public let field: String?
    /// The service's own error code (the 400 answer's `code`), when it sent one.
    public let serviceCode: String?
    /// How many attempts were made (0: refused before any request).
    public let attempts: Int
    /// The error underneath (a `URLError`, a `DecodingError`…), when there is one.
    public let underlying: (any Error)?

    private init(
        code: Code, status: Int = 0, message: String, field: String? = nil, serviceCode: String? = nil,
        attempts: Int = 0, underlying: (any Error)? = nil
    ) {
        self.code = code
        self.status = status
        self.message = message
        self.field = field
        self.serviceCode = serviceCode
        self.attempts = attempts
        self.underlying = underlying
    }

    // MARK: Kinds (compare with `==`; equality looks at the kind only)

    /// The client's configuration was refused (app id, DevKey, base URL, retry policy); see ``field``.
    public static let invalidConfiguration = OptoLinkS2SError(
        code: .invalidConfiguration, message: "Invalid configuration")
    /// A request field was refused locally, before anything was sent (an IP that is not IPv4, an
    /// `att_status` outside 1–4, an empty `lang`…); see ``field``.
    public static let invalidRequest = OptoLinkS2SError(code: .invalidRequest, message: "Invalid request")
    /// The service answered 400 `{code, message}` (never retried); see ``serviceCode`` and ``message``.
    public static let badRequest = OptoLinkS2SError(code: .badRequest, message: "Bad request")
    /// The service answered another non-2xx status: one that is not retried, or a retried one (503,
    /// 504) on the last attempt; see ``status``.
    public static let httpStatus = OptoLinkS2SError(code: .httpStatus, message: "HTTP error")
    /// No HTTP answer (connection refused, lost, host not found…) on the last attempt.
    public static let connectionFailed = OptoLinkS2SError(code: .connectionFailed, message: "Connection failed")
    /// No HTTP answer within the per-attempt timeout on the last attempt.
    public static let timedOut = OptoLinkS2SError(code: .timedOut, message: "Timed out")
    /// The calling task was cancelled.
    public static let cancelled = OptoLinkS2SError(code: .cancelled, message: "Cancelled")
    /// A 2xx answer whose body is not the documented shape.
    public static let invalidResponse = OptoLinkS2SError(code: .invalidResponse, message: "Invalid response")

    /// Equal when both errors are of the same kind (status, message and the rest are not compared).
    public static func == (lhs: OptoLinkS2SError, rhs: OptoLinkS2SError) -> Bool { lhs.code == rhs.code }

    /// A one-line description: kind, field, status, service code, message, attempts.
    public var description: String {
        var text = "OptoLinkS2SError.\(code.rawValue)"
        if let field { text += " [\(field)]" }
        if status != 0 { text += " \(status)" }
        if let serviceCode { text += " \(serviceCode)" }
        text += ": \(message)"
        if attempts > 1 { text += " (after \(attempts) attempts)" }
        return text
    }

    // MARK: Builders

    static func configuration(_ field: String, _ message: String) -> OptoLinkS2SError {
        OptoLinkS2SError(code: .invalidConfiguration, message: message, field: field)
    }

    static func request(_ field: String, _ message: String) -> OptoLinkS2SError {
        OptoLinkS2SError(code: .invalidRequest, message: message, field: field)
    }

    static func badRequest(serviceCode: String?, message: String, attempts: Int) -> OptoLinkS2SError {
        OptoLinkS2SError(code: .badRequest, status: 400, message: message, serviceCode: serviceCode, attempts: attempts)
    }

    static func http(status: Int, message: String, serviceCode: String?, attempts: Int) -> OptoLinkS2SError {
        OptoLinkS2SError(
            code: .httpStatus, status: status, message: message, serviceCode: serviceCode, attempts: attempts)
    }

    static func invalidResponse(status: Int, _ message: String, attempts: Int, underlying: (any Error)? = nil)
        -> OptoLinkS2SError
    {
        OptoLinkS2SError(
            code: .invalidResponse, status: status, message: message, attempts: attempts, underlying: underlying)
    }

    static func timedOut(after seconds: TimeInterval, attempts: Int, underlying: (any Error)? = nil) -> OptoLinkS2SError
    {
        OptoLinkS2SError(
            code: .timedOut, message: "No answer within \(seconds) s", attempts: attempts, underlying: underlying)
    }

    static func cancelled(attempts: Int, underlying: (any Error)? = nil) -> OptoLinkS2SError {
        OptoLinkS2SError(
            code: .cancelled, message: "The request was cancelled", attempts: attempts, underlying: underlying)
    }

    /// The error for an attempt that got no HTTP answer: the transport threw `error`.
    static func transport(_ error: any Error, attempts: Int) -> OptoLinkS2SError {
        if let own = error as? OptoLinkS2SError { return own.with(attempts: attempts) }
        if error is CancellationError { return .cancelled(attempts: attempts, underlying: error) }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: return .cancelled(attempts: attempts, underlying: error)
            case .timedOut:
                return OptoLinkS2SError(
                    code: .timedOut, message: "The request timed out", attempts: attempts, underlying: error)
            default:
                return OptoLinkS2SError(
                    code: .connectionFailed, message: "Connection failed (URLError \(urlError.code.rawValue))",
                    attempts: attempts, underlying: error)
            }
        }
        return OptoLinkS2SError(
            code: .connectionFailed, message: "Connection failed: \(error)", attempts: attempts, underlying: error)
    }

    /// This error with its attempt count replaced.
    func with(attempts: Int) -> OptoLinkS2SError {
        OptoLinkS2SError(
            code: code, status: status, message: message, field: field, serviceCode: serviceCode, attempts: attempts,
            underlying: underlying)
    }

    /// Whether this is a "no HTTP answer" error (connection failure or timeout): the kind retried.
    package var isNoAnswer: Bool { code == .connectionFailed || code == .timedOut }
}

extension OptoLinkS2SError: RetryClassifiedError {}

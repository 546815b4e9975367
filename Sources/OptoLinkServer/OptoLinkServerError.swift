import Foundation
import OptoLinkToolSupport

/// The one error type of `OptoLinkServer`: start-up failures (bad seed file, database, bind) and,
/// inside the server, every HTTP error, answered with the envelope `{"message","details"?,"requestId"}`
/// (or, under an emulated service's paths, in that service's error shape).
///
/// ```swift
/// do { try server.start() } catch { print(error) }   // "cannot bind 127.0.0.1:8787: Address already in use"
/// ```
public struct OptoLinkServerError: Error, CustomStringConvertible, Sendable {
    /// One entry of the envelope's `details`.
    struct Detail: Sendable, Hashable {
        var message: String
        var field: String?
    }

    /// The HTTP status this error is answered with (500 for start-up failures).
    let status: Int
    /// The envelope's `message`.
    let message: String
    /// The envelope's `details` (validation problems, one per field).
    let details: [Detail]
    /// Seconds for `Retry-After` on a 429 or 503.
    let retryAfter: Int?
    /// An emulated service's own error code (`Emulations/`), e.g. `invalid_signature`; nil for OptoLink's
    /// errors (the envelope has no code). Each emulation's error shape falls back to one made from `status`.
    var serviceCode: String? = nil
    /// What only the server itself acts on (never shown to a client as such).
    private let code: Code?

    private enum Code: Sendable {
        /// An event-loop thread asked for the database while someone else held it (see `Store.Access`).
        case storageBusy
        /// A file the user named (a seed, a database) is not one the server can use.
        case badInput
    }

    init(status: Int, message: String, details: [Detail] = [], retryAfter: Int? = nil) {
        self.init(status: status, message: message, details: details, retryAfter: retryAfter, code: nil)
    }

    private init(status: Int, message: String, details: [Detail], retryAfter: Int?, code: Code?) {
        self.status = status
        self.message = message
        self.details = details
        self.retryAfter = retryAfter
        self.code = code
    }

    /// The database lock is held by someone else and the caller may not wait for it (an event-loop
    /// thread): the router hands the request to a storage worker instead. A 503 should it ever reach a client.
    static let storageBusy = OptoLinkServerError(
        status: 503, message: "Storage busy, retry shortly", details: [], retryAfter: 1,
        code: .storageBusy)

    /// Whether this is ``storageBusy``.
    var isStorageBusy: Bool { code == .storageBusy }

    /// A readable description: the message, then each detail.
    public var description: String {
        details.isEmpty
            ? message
            : message + ": "
                + details.map { d in d.field.map { "\($0): \(d.message)" } ?? d.message }.joined(separator: "; ")
    }

    /// This error, carrying an emulated service's error code.
    func coded(_ code: String) -> Self {
        var copy = self
        copy.serviceCode = code
        return copy
    }

    static func badRequest(_ message: String, field: String? = nil) -> Self {
        OptoLinkServerError(
            status: 400, message: message, details: field.map { [Detail(message: message, field: $0)] } ?? [])
    }
    static func validation(_ details: [Detail]) -> Self {
        OptoLinkServerError(status: 400, message: "Validation failed", details: details)
    }
    static func unauthorized(_ message: String) -> Self { OptoLinkServerError(status: 401, message: message) }
    static func forbidden(_ message: String) -> Self { OptoLinkServerError(status: 403, message: message) }
    /// A 404 with `message`.
    package static func notFound(_ message: String) -> Self { OptoLinkServerError(status: 404, message: message) }
    /// A 409 with `message`.
    package static func conflict(_ message: String) -> Self { OptoLinkServerError(status: 409, message: message) }
    static func tooManyRequests(retryAfter seconds: Int) -> Self {
        let n = max(1, seconds)
        return OptoLinkServerError(status: 429, message: "Retry after \(n) second(s)", retryAfter: n)
    }
    static func startup(_ message: String) -> Self { OptoLinkServerError(status: 500, message: message) }

    /// A start-up failure caused by a file the user named (a seed file, another program's database): the
    /// commands exit with ``ExitStatus/badInput`` for it.
    static func badInput(_ message: String) -> Self {
        OptoLinkServerError(status: 500, message: message, details: [], retryAfter: nil, code: .badInput)
    }

    /// Whether this is a start-up failure caused by a file the user named (``badInput(_:)``).
    package var isBadInput: Bool { code == .badInput }
}

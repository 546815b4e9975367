/// The one error type of `OptoLinkHTTP`: a request that can never be valid (answered with its status
/// and closed), a connection refused over a cap, a request that timed out, or a listener that could
/// not start (status 500).
///
/// The layer does not know the contract's error envelope: the embedding server turns an `HTTPError`
/// into its own answer through ``HTTPServer``'s `errorResponse` (the fault proxy writes
/// `{"message","requestId"}`; the reference server writes that too, or the error shape of the service
/// whose paths ``path`` is under).
package struct HTTPError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The HTTP status the error is answered with (500 for start-up failures).
    package let status: Int
    /// What went wrong, for the client.
    package let message: String
    /// The path of the request's target (up to its first `?`, as sent: not percent-decoded, e.g.
    /// `/api/links/resolve`), when the layer read a well-formed request line before answering: every
    /// error after it (the target or query, the header fields, Content-Length, Transfer-Encoding, an
    /// HTTP version it does not speak, ``HTTPParser/headerProblem(_:)``, a 431 for headers over the
    /// limit, a 408 for a head whose body never came). Nil when there is no such line (garbage, a
    /// request line over the header limit, a head still incomplete at its 408), and for the errors that
    /// are no request's (a 503 over a connection cap, a start-up failure).
    package var path: String?

    /// An error answered with `status` (for the request at `path`, when known).
    package init(status: Int, message: String, path: String? = nil) {
        self.status = status
        self.message = message
        self.path = path
    }

    /// This error, for the request at `path`.
    package func at(_ path: String) -> Self {
        var copy = self
        copy.path = path
        return copy
    }

    /// The message.
    package var description: String { message }

    /// A 400.
    package static func badRequest(_ message: String) -> Self { HTTPError(status: 400, message: message) }
    /// A listener that could not start.
    package static func startup(_ message: String) -> Self { HTTPError(status: 500, message: message) }
}

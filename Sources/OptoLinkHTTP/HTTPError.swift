/// The one error type of `OptoLinkHTTP`: a request that can never be valid (answered with its status
/// and closed), a connection refused over a cap, a request that timed out, or a listener that could
/// not start (status 500).
///
/// The layer does not know the contract's error envelope: the embedding server turns an `HTTPError`
/// into its own answer through ``HTTPServer``'s `errorResponse` (the reference server and the fault
/// proxy both write `{"message","requestId"}`).
package struct HTTPError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The HTTP status the error is answered with (500 for start-up failures).
    package let status: Int
    /// What went wrong, for the client.
    package let message: String

    /// An error answered with `status`.
    package init(status: Int, message: String) {
        self.status = status
        self.message = message
    }

    /// The message.
    package var description: String { message }

    /// A 400.
    package static func badRequest(_ message: String) -> Self { HTTPError(status: 400, message: message) }
    /// A listener that could not start.
    package static func startup(_ message: String) -> Self { HTTPError(status: 500, message: message) }
}

/// Sends one HTTP request and returns the answer, whatever its status.
///
/// Throw (a `URLError`, typically) only when no HTTP answer came: connection refused, timeout,
/// connection lost, cancellation. A 4xx or 5xx is a normal return. Retries are not the transport's job:
/// ``OptoLinkAPI`` applies the ``RetryPolicy``. ``URLSessionTransport`` is the production transport;
/// `OptoLinkTesting.ScriptedTransport` answers from a script.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; throws only when there is no HTTP answer.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

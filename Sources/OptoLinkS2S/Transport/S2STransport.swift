/// Sends one HTTP request and returns the answer, whatever its status.
///
/// Throw (a `URLError`, typically) only when no HTTP answer came: connection refused, timeout,
/// connection lost, cancellation. A 4xx or 5xx is a normal return. Retries and the per-attempt timeout
/// are not the transport's job: ``AppsFlyerS2SClient`` applies its ``S2SRetryPolicy`` and races each
/// attempt against ``S2SHTTPRequest/timeout`` on its clock. A transport should stop when its task is
/// cancelled (the client cancels an attempt it timed out), but the client does not wait for it.
///
/// ``S2SURLSessionTransport`` is the production transport; a test can implement this protocol with a
/// closure to read the exact request and answer as it likes.
public protocol S2STransport: Sendable {
    /// Sends `request`; throws only when there is no HTTP answer.
    func send(_ request: S2SHTTPRequest) async throws -> S2SHTTPResponse
}

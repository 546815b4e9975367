import Foundation
import OptoLink

/// The transport an SDK of row 2f is given: reads the SDK's clock first thing in every call (the moment the
/// SDK hands a request's bytes to its transport, "on the wire" for the row) and tells the
/// ``FirstRequestProbe``, then passes the request on to the wrapped transport unchanged. Outermost, so
/// the bench's other wrappers (the forwarded address) run after the stamp.
struct StampingTransport: HTTPTransport {
    let base: any HTTPTransport
    let probe: FirstRequestProbe

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, onAnswer: { _ in })
    }

    func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws
        -> HTTPResponse
    {
        probe.transportCalled(request, at: SystemClock().now())
        return try await base.send(request, onAnswer: onAnswer)
    }

    /// Stamps, then forwards the wrapped transport's start.
    func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        probe.transportCalled(request, at: SystemClock().now())
        return base.start(request, onAnswer: onAnswer, completion: completion)
    }
}

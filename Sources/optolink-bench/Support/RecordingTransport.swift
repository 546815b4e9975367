import Foundation
import OptoLink

/// Passes requests on, offering each to a ``RequestRecorder`` first.
struct RecordingTransport: HTTPTransport {
    let base: any HTTPTransport
    let recorder: RequestRecorder

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, onAnswer: { _ in })
    }

    func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws
        -> HTTPResponse
    {
        recorder.offer(request)
        return try await base.send(request, onAnswer: onAnswer)
    }

    /// Records, then forwards the wrapped transport's start.
    func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        recorder.offer(request)
        return base.start(request, onAnswer: onAnswer, completion: completion)
    }
}

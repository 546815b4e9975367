import Foundation
import OptoLink

/// An ``HTTPTransport`` that hands every call to its wrapped transport unchanged and keeps a copy of the
/// request, the answer and the times in an ``ExchangeLog`` (for the request inspector and the HAR export).
///
/// It sits innermost (under ``ForwardedForTransport``) so it records the headers exactly as sent. The SDK's
/// early answer (`send(_:onAnswer:)`) is forwarded and timed when it arrives, as the SDK times it.
package struct RecordingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let log: ExchangeLog
    private let clock: any OptoLinkClock

    /// Wraps `base`; records into `log` with `clock`'s times (the SDK's clock, so they line up with diagnostics).
    package init(base: any HTTPTransport, log: ExchangeLog, clock: any OptoLinkClock) {
        self.base = base
        self.log = log
        self.clock = clock
    }

    /// Sends through the wrapped transport and records the call.
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, onAnswer: { _ in })
    }

    /// Sends through the wrapped transport, forwarding its early answer, and records the call.
    package func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws
        -> HTTPResponse
    {
        let call = begin(request)
        do {
            let response = try await base.send(request, onAnswer: call.onAnswer(onAnswer))
            call.finish(.success(response))
            return response
        } catch {
            call.finish(.failure(error))
            throw error
        }
    }

    /// Starts `request` on the wrapped transport and records the call when it completes (see
    /// `HTTPTransport.start(_:onAnswer:completion:)`), so the simulated device's attempts go as an app's do
    /// on a bare `URLSessionTransport`, without a task of their own.
    package func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        let call = begin(request)
        return base.start(request, onAnswer: call.onAnswer(onAnswer)) { result in
            call.finish(result)
            completion(result)
        }
    }

    /// Opens the log's record of one call of `request`, timed from now.
    private func begin(_ request: HTTPRequest) -> Call {
        Call(
            sequence: log.begin(), request: request, start: clock.now(), startedAt: Date(), log: log, clock: clock)
    }

    /// One call under way: its early answer is timed when it arrives, as the SDK times it, and the whole
    /// exchange goes to the log when it ends.
    private struct Call: Sendable {
        let sequence: Int
        let request: HTTPRequest
        let start: Double
        let startedAt: Date
        let log: ExchangeLog
        let clock: any OptoLinkClock
        let arrival = ArrivalTime()

        /// `onAnswer`, after the arrival is marked.
        func onAnswer(_ onAnswer: @escaping @Sendable (HTTPResponse) -> Void) -> @Sendable (HTTPResponse) -> Void {
            { [arrival, clock] response in
                arrival.mark(clock.now())
                onAnswer(response)
            }
        }

        /// Logs the exchange with what the call ended with.
        func finish(_ result: Result<HTTPResponse, any Error>) {
            switch result {
            case .success(let response):
                log.finish(
                    TransportRecord(
                        sequence: sequence, request: request, response: response, error: nil, start: start,
                        end: arrival.time ?? clock.now(), startedAt: startedAt))
            case .failure(let error):
                log.finish(
                    TransportRecord(
                        sequence: sequence, request: request, response: nil, error: RecordingTransport.describe(error),
                        start: start, end: clock.now(), startedAt: startedAt))
            }
        }
    }
}

extension RecordingTransport {
    /// A short text for a transport error (the SDK's own reason replaces it once correlated).
    static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError { return "URLError \(urlError.code.rawValue)" }
        return "\(error)"
    }
}

/// The first time an early answer arrived.
///
/// `@unchecked Sendable` is safe: `stored` is only touched while `lock` is held.
final class ArrivalTime: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Double?

    var time: Double? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func mark(_ time: Double) {
        lock.lock()
        if stored == nil { stored = time }
        lock.unlock()
    }
}

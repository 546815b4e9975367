import Foundation
internal import OptoLinkClientCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one request with the ``RetryPolicy`` applied and every attempt reported as a ``Diagnostic``:
/// the one request loop every provider's requests go through (attempt deadlines on the clock, early
/// answers, `Retry-After`, cancellation, exactly one `requestFinished` per request).
///
/// One runner per ``OptoLink`` instance (or per ``OptoLinkAPI`` made on its own), so request ids are
/// unique in its diagnostics.
final class RequestRunner: Sendable {
    /// The retries.
    let retryPolicy: RetryPolicy
    private let transport: any HTTPTransport
    private let clock: any OptoLinkClock
    private let sink: @Sendable (Diagnostic) -> Void
    private let counter: RequestCounter

    convenience init(
        transport: any HTTPTransport, clock: any OptoLinkClock, retryPolicy: RetryPolicy,
        diagnostics: @escaping @Sendable (Diagnostic) -> Void
    ) {
        self.init(
            transport: transport, clock: clock, retryPolicy: retryPolicy, sink: diagnostics, counter: RequestCounter())
    }

    private init(
        transport: any HTTPTransport, clock: any OptoLinkClock, retryPolicy: RetryPolicy,
        sink: @escaping @Sendable (Diagnostic) -> Void, counter: RequestCounter
    ) {
        self.transport = transport
        self.clock = clock
        self.retryPolicy = retryPolicy
        self.sink = sink
        self.counter = counter
    }

    /// The same clock, retries, diagnostics and request ids over another transport (AppsFlyer's relay:
    /// the app's backend makes the call).
    func with(transport: any HTTPTransport) -> RequestRunner {
        RequestRunner(transport: transport, clock: clock, retryPolicy: retryPolicy, sink: sink, counter: counter)
    }

    /// Runs the app's own code (the AppsFlyer signing hook) against a deadline of `timeout` seconds on this
    /// runner's clock, as an attempt is (``AttemptRace/run(timeout:clock:_:)``): the SDK never waits on it
    /// longer, whether or not it returns; `URLError(.timedOut)` at the deadline.
    func withDeadline<Value: Sendable>(
        _ timeout: TimeInterval, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await AttemptRace<Value>.run(timeout: timeout, clock: clock, work)
    }

    private func emit(_ kind: Diagnostic.Kind) {
        sink(Diagnostic(time: clock.now(), kind: kind))
    }

    /// Sends `request` with retries; returns the 2xx answer or throws. Emits the request's diagnostics,
    /// ending with exactly one `requestFinished`.
    ///
    /// `onSuccess` runs for a 2xx the moment the transport hands the answer over
    /// (``HTTPTransport/send(_:onAnswer:)``), once. Nothing else runs there: the answer's diagnostics are
    /// emitted afterwards from this task (with the arrival time taken in the callback), so the transport's
    /// thread is free again right after the app has its link.
    ///
    /// `isStopped` (besides task cancellation) ends the request before its next attempt or wait.
    func perform(
        _ request: HTTPRequest, endpoint: Endpoint, isStopped: (@Sendable () -> Bool)? = nil,
        onSuccess: (@Sendable (HTTPResponse) -> Void)? = nil
    ) async throws(OptoLinkError) -> HTTPResponse {
        let id = counter.take()
        var attempt = 0
        func stopped() -> Bool { Task.isCancelled || isStopped?() == true }
        while true {
            attempt += 1
            if stopped() {
                emit(.requestFinished(requestID: id, endpoint: endpoint, attempts: attempt - 1, status: nil))
                throw .cancelled(CancellationError())
            }
            emit(.requestStarted(requestID: id, endpoint: endpoint, attempt: attempt))
            let started = clock.now()
            let latch = AnswerLatch()
            let clock = self.clock
            let answered: @Sendable (HTTPResponse) -> Void = { response in
                guard latch.claim(response, at: clock.now()) else { return }
                if (200...299).contains(response.status) { onSuccess?(response) }
            }
            let outcome: RetryPolicy.Outcome
            let finalError: OptoLinkError
            var status: Int?
            do {
                let response: HTTPResponse
                do {
                    response = try await AttemptRace<HTTPResponse>.run(
                        request, on: transport, onAnswer: answered, onFailure: { latch.fail(at: clock.now()) },
                        timeout: request.timeout, clock: clock)
                } catch {
                    // A transport that handed over an answer and then threw broke its contract: the answer counts.
                    guard let early = latch.response else { throw error }
                    response = early
                }
                answered(response)  // does nothing when the transport already handed it over
                let duration = (latch.arrival ?? clock.now()) - started
                emit(
                    .responseReceived(
                        requestID: id, endpoint: endpoint, attempt: attempt, status: response.status, duration: duration
                    ))
                if (200...299).contains(response.status) {
                    emit(
                        .requestFinished(requestID: id, endpoint: endpoint, attempts: attempt, status: response.status))
                    return response
                }
                status = response.status
                outcome = .status(response.status)
                finalError = .http(response)
            } catch {
                let duration = (latch.failure ?? clock.now()) - started
                let failure = OptoLinkError.transport(error)
                emit(
                    .requestFailed(
                        requestID: id, endpoint: endpoint, attempt: attempt, reason: failure.message, duration: duration
                    ))
                outcome = .noAnswer(stopped() ? CancellationError() : error)
                finalError = stopped() ? .cancelled(error) : failure
            }
            let retryAfter = finalError.retryAfterSeconds.map(TimeInterval.init)
            switch retryPolicy.decision(afterAttempt: attempt, outcome: outcome, retryAfter: retryAfter) {
            case .retry(let delay):
                if stopped() {
                    emit(.requestFinished(requestID: id, endpoint: endpoint, attempts: attempt, status: status))
                    throw .cancelled(CancellationError())
                }
                emit(.retryScheduled(requestID: id, endpoint: endpoint, attempt: attempt, delay: delay))
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    emit(.requestFinished(requestID: id, endpoint: endpoint, attempts: attempt, status: status))
                    throw .cancelled(error)
                }
            case .giveUp:
                emit(.gaveUp(requestID: id, endpoint: endpoint, attempts: attempt, reason: finalError.message))
                emit(.requestFinished(requestID: id, endpoint: endpoint, attempts: attempt, status: status))
                throw finalError
            case .doNotRetry:
                emit(.requestFinished(requestID: id, endpoint: endpoint, attempts: attempt, status: status))
                throw finalError
            }
        }
    }
}

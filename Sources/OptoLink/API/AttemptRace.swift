import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request attempt raced against its deadline: the transport's request
/// (``HTTPTransport/start(_:onAnswer:completion:)``), and a deadline of
/// ``OptoLinkConfiguration/timeout`` on the SDK's clock (``OptoLinkClock/startDeadline(after:expire:)``);
/// whichever ends first ends the attempt and cancels the other. The caller is resumed at the deadline
/// even when the transport ignores cancellation (its request is then left to end on its own), so no
/// answer that trickles in can hold an attempt past it, with any transport, on every platform.
///
/// The same race runs any other piece of work the SDK must not wait on past a deadline (the AppsFlyer
/// signing hook, the app's own code): ``run(timeout:clock:start:)``.
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held, and the
/// continuation is resumed (and the request and the deadline cancelled) after it is released.
final class AttemptRace<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var outcome: Result<Value, any Error>?
    /// The two sides of the race.
    private enum Side {
        case request
        case deadline
    }
    /// Which side ended the race (nil while it runs).
    private var winner: Side?
    /// Cancel the request, and the deadline (each released when the race ends).
    private var cancelRequest: (@Sendable () -> Void)?
    private var cancelDeadline: (@Sendable () -> Void)?
    private var cancelled = false

    /// Runs the work `start` begins (it gets the completion to call once, and returns what cancels the
    /// work) against a deadline of `timeout` seconds on `clock`; throws `URLError(.timedOut)` at the
    /// deadline, and what the work ends with otherwise. Cancelling the calling task calls the work's cancel,
    /// whose completion ends the race.
    static func run(
        timeout: TimeInterval, clock: any OptoLinkClock,
        start: (_ completion: @escaping @Sendable (Result<Value, any Error>) -> Void) -> @Sendable () -> Void
    ) async throws -> Value {
        let race = AttemptRace()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                race.begin(continuation)
                // The work is on its way before this function suspends; with a callback transport
                // (URLSessionTransport) no task is made for a request, and its callback ends the race itself.
                race.keep(start { race.finish($0, by: .request) }, for: .request)
                race.keep(
                    clock.startDeadline(after: timeout) { race.finish(.failure(URLError(.timedOut)), by: .deadline) },
                    for: .deadline)
            }
        } onCancel: {
            race.cancel()
        }
    }

    private func begin(_ continuation: CheckedContinuation<Value, any Error>) {
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(with: outcome)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    /// Keeps `cancel`, which stops `side`, for when the race ends; when it already has (or the caller was
    /// cancelled), calls it at once, unless `side` is what ended it.
    private func keep(_ cancel: @escaping @Sendable () -> Void, for side: Side) {
        lock.lock()
        guard outcome != nil || cancelled else {
            switch side {
            case .request: cancelRequest = cancel
            case .deadline: cancelDeadline = cancel
            }
            lock.unlock()
            return
        }
        let stop = winner != side
        lock.unlock()
        if stop { cancel() }
    }

    /// The first outcome wins: it stops the other side and resumes the caller. The side that ended the
    /// race is not cancelled (a data task whose completion handler is running would only spend ~10 µs
    /// on it there, before the caller is resumed: optolink-bench, measure 2e).
    private func finish(_ result: Result<Value, any Error>, by side: Side) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        winner = side
        let waiting = continuation
        continuation = nil
        let stopOther = side == .request ? cancelDeadline : cancelRequest
        cancelRequest = nil
        cancelDeadline = nil
        lock.unlock()
        stopOther?()
        waiting?.resume(with: result)
    }

    /// The caller was cancelled: cancel the request and the deadline; the transport's answer to that
    /// (`URLError(.cancelled)` or whatever it returns) ends the race.
    private func cancel() {
        lock.lock()
        cancelled = true
        let running = [cancelRequest, cancelDeadline]
        lock.unlock()
        for cancel in running { cancel?() }
    }
}

extension AttemptRace where Value == HTTPResponse {
    /// Runs `request` on `transport` (``HTTPTransport/start(_:onAnswer:completion:)``) against a deadline
    /// of `timeout` seconds on `clock`; throws `URLError(.timedOut)` at the deadline, and what the transport
    /// ends with otherwise. Cancelling the calling task cancels the request.
    static func run(
        _ request: HTTPRequest, on transport: any HTTPTransport, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        timeout: TimeInterval, clock: any OptoLinkClock
    ) async throws -> HTTPResponse {
        try await run(
            timeout: timeout, clock: clock,
            start: { completion in transport.start(request, onAnswer: onAnswer, completion: completion) })
    }
}

extension AttemptRace {
    /// Runs `work` (code of the app's, such as the AppsFlyer signing hook) in a task of its own against a
    /// deadline of `timeout` seconds on `clock`: throws `URLError(.timedOut)` at the deadline even when
    /// `work` never returns, and `CancellationError` at once when the calling task is cancelled (the task is
    /// cancelled and left to end on its own, its late answer ignored).
    static func run(
        timeout: TimeInterval, clock: any OptoLinkClock, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await run(
            timeout: timeout, clock: clock,
            start: { completion in
                let task = Task {
                    do { completion(.success(try await work())) } catch { completion(.failure(error)) }
                }
                return {
                    task.cancel()
                    completion(.failure(CancellationError()))
                }
            })
    }
}

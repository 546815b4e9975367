import Foundation

/// One attempt raced against its deadline: the work (a transport's request, or code of the app's), and
/// an ``AttemptDeadline`` on the client's clock; whichever ends first ends the attempt and cancels the
/// other. The caller is resumed at the deadline even when the work ignores cancellation (it is then left
/// to end on its own), so nothing that trickles in can hold an attempt past it, with any transport, on
/// every platform.
///
/// Inlinable, so each client's build specializes it for its answer type: it runs on every attempt.
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held, and the
/// continuation is resumed (and the work and the deadline cancelled) after it is released.
public final class AttemptRace<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var continuation: CheckedContinuation<Value, any Error>?
    @usableFromInline var outcome: Result<Value, any Error>?
    /// The two sides of the race.
    @usableFromInline enum Side {
        case work
        case deadline
    }
    /// Which side ended the race (nil while it runs).
    @usableFromInline var winner: Side?
    /// Cancel the work, and the deadline (each released when the race ends).
    @usableFromInline var cancelWork: (@Sendable () -> Void)?
    @usableFromInline var cancelDeadline: (@Sendable () -> Void)?
    @usableFromInline var cancelled = false

    @usableFromInline init() {}

    /// Runs the work `start` begins (it gets the completion to call once, and returns what cancels the
    /// work) against `deadline`; throws the deadline's error when it passes first, and what the work ends
    /// with otherwise. Cancelling the calling task calls the work's cancel, whose completion ends the race.
    @inlinable public static func run(
        deadline: AttemptDeadline,
        start: (_ completion: @escaping @Sendable (Result<Value, any Error>) -> Void) -> @Sendable () -> Void
    ) async throws -> Value {
        let race = AttemptRace()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                race.begin(continuation)
                // The work is on its way before this function suspends; with a callback transport no task
                // is made for a request, and its callback ends the race itself.
                race.keep(start { race.finish($0, by: .work) }, for: .work)
                // Work that ended already (it ran in place) needs no deadline.
                guard !race.isOver else { return }
                let timedOut = deadline.error
                race.keep(
                    deadline.start(deadline.seconds) { race.finish(.failure(timedOut()), by: .deadline) },
                    for: .deadline)
            }
        } onCancel: {
            race.cancel()
        }
    }

    /// Runs `work` in a task of its own against `deadline`: throws the deadline's error when it passes
    /// first even when `work` never returns, and `CancellationError` at once when the calling task is
    /// cancelled (the task is cancelled and left to end on its own, its late answer ignored).
    ///
    /// The task starts in place where it can (``ImmediateTask``): work that ends without suspending (an app's
    /// backend signing in process) ends the race before the caller would suspend, so the caller goes on
    /// without waiting for a thread to resume it.
    @inlinable public static func run(
        deadline: AttemptDeadline, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await run(
            deadline: deadline,
            start: { completion in
                let operation: @Sendable () async -> Void = {
                    do { completion(.success(try await work())) } catch { completion(.failure(error)) }
                }
                let task = ImmediateTask.start(operation)
                return {
                    task.cancel()
                    completion(.failure(CancellationError()))
                }
            })
    }

    /// Whether the race has ended (or its caller was cancelled).
    @inlinable var isOver: Bool {
        lock.lock()
        defer { lock.unlock() }
        return outcome != nil || cancelled
    }

    @inlinable func begin(_ continuation: CheckedContinuation<Value, any Error>) {
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
    @inlinable func keep(_ cancel: @escaping @Sendable () -> Void, for side: Side) {
        lock.lock()
        guard outcome != nil || cancelled else {
            switch side {
            case .work: cancelWork = cancel
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
    /// on it there, before the caller is resumed).
    @inlinable func finish(_ result: Result<Value, any Error>, by side: Side) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        winner = side
        let waiting = continuation
        continuation = nil
        let stopOther = side == .work ? cancelDeadline : cancelWork
        cancelWork = nil
        cancelDeadline = nil
        lock.unlock()
        stopOther?()
        waiting?.resume(with: result)
    }

    /// The caller was cancelled: cancel the work and the deadline; the work's answer to that
    /// (`URLError(.cancelled)`, `CancellationError` or whatever it returns) ends the race.
    @inlinable func cancel() {
        lock.lock()
        cancelled = true
        let running = [cancelWork, cancelDeadline]
        lock.unlock()
        for cancel in running { cancel?() }
    }
}

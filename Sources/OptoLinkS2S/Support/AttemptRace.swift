import Foundation

/// Runs one attempt against its timeout on the client's clock: the first to finish decides.
///
/// The operation and the timer run in tasks of their own and the caller resumes as soon as either
/// finishes, so a transport that ignores cancellation cannot hold the caller past the timeout; the loser
/// is cancelled. Cancelling the caller cancels both and resumes it with `CancellationError` at once.
enum AttemptRace {
    /// The operation's result, or ``OptoLinkS2SError/timedOut`` when `timeout` seconds pass first.
    static func run<Value: Sendable>(
        timeout: TimeInterval, clock: any S2SClock, operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let gate = Gate<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                gate.install(continuation)
                let work = Task {
                    do { gate.finish(.success(try await operation())) } catch { gate.finish(.failure(error)) }
                }
                let timer = Task {
                    do {
                        try await clock.sleep(for: timeout)
                        gate.finish(.failure(OptoLinkS2SError.timedOut(after: timeout, attempts: 0)))
                    } catch {
                        // Cancelled: the operation finished first (or the caller was cancelled).
                    }
                }
                gate.track(work, timer)
            }
        } onCancel: {
            gate.finish(.failure(CancellationError()))
        }
    }

    /// Resumes the caller once, with the first result, and cancels the tasks.
    ///
    /// `@unchecked Sendable` is safe: every stored property is read and written only while `lock` is
    /// held; the continuation is resumed and the tasks cancelled after the lock is released, once.
    private final class Gate<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, any Error>?
        private var result: Result<Value, any Error>?
        private var tasks: [Task<Void, Never>] = []
        private var resumed = false

        func install(_ continuation: CheckedContinuation<Value, any Error>) {
            lock.lock()
            self.continuation = continuation
            lock.unlock()
            resumeIfReady()
        }

        func track(_ tasks: Task<Void, Never>...) {
            lock.lock()
            let done = result != nil
            if !done { self.tasks = tasks }
            lock.unlock()
            if done { for task in tasks { task.cancel() } }
        }

        func finish(_ outcome: Result<Value, any Error>) {
            lock.lock()
            let first = result == nil
            if first { result = outcome }
            let losers = first ? tasks : []
            if first { tasks = [] }
            lock.unlock()
            guard first else { return }
            for loser in losers { loser.cancel() }
            resumeIfReady()
        }

        private func resumeIfReady() {
            lock.lock()
            guard !resumed, let continuation, let result else {
                lock.unlock()
                return
            }
            resumed = true
            self.continuation = nil
            lock.unlock()
            continuation.resume(with: result)
        }
    }
}

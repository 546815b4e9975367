import Foundation

/// A wait that ends only when its task is cancelled (then with `CancellationError`): a test clock's
/// deadline that never runs out, a transport that never answers. No real time passes.
///
/// `@unchecked Sendable` is safe: both properties are only touched while `lock` is held.
public final class CancellationGate: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var cancelled = false

    /// A closed gate.
    public init() {}

    /// Waits until the calling task is cancelled; throws `CancellationError` then.
    public func wait() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if cancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                self.continuation = continuation
                lock.unlock()
            }
        } onCancel: {
            cancel()
        }
    }

    private func cancel() {
        lock.lock()
        cancelled = true
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(throwing: CancellationError())
    }
}

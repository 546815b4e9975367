import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A data task, to cancel from any thread (from a cancellation handler, or an ``AttemptRace``'s deadline).
///
/// `@unchecked Sendable` is safe: the task is only used to call `cancel()`, which is thread-safe (and
/// not every Xcode's SDK marks `URLSessionTask` `Sendable`).
public final class RunningTask: @unchecked Sendable {
    private let task: URLSessionTask

    /// Wraps `task`.
    public init(_ task: URLSessionTask) { self.task = task }

    /// Cancels the task.
    public func cancel() { task.cancel() }
}

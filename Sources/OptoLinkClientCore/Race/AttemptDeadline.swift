import Foundation

/// The deadline an ``AttemptRace`` runs its work against: how long, how to start it on the client's
/// clock, and what the caller is thrown when it passes first.
public struct AttemptDeadline: Sendable {
    /// Seconds until the deadline.
    public var seconds: TimeInterval
    /// What the caller is thrown when the deadline passes first (each client says "timed out" its own way);
    /// made only then (a `URLError` costs microseconds to build on Linux, and most attempts answer first).
    public var error: @Sendable () -> any Error
    /// Starts a deadline: calls `expire` once `seconds` have passed, unless the returned function is
    /// called first (then `expire` is never called and is released).
    public typealias Start =
        @Sendable (_ seconds: TimeInterval, _ expire: @escaping @Sendable () -> Void) -> @Sendable () -> Void

    /// Starts this deadline (see ``Start``).
    public var start: Start

    /// Creates a deadline of `seconds`, started by `start`, that throws `error` when it passes.
    @inlinable public init(
        seconds: TimeInterval, error: @escaping @autoclosure @Sendable () -> any Error,
        start: @escaping Start
    ) {
        self.seconds = seconds
        self.error = error
        self.start = start
    }

    /// A deadline that waits in `sleep` in a task of its own (for a clock that can only sleep); cancelling
    /// it cancels that task.
    public static func sleeping(
        _ seconds: TimeInterval, error: @escaping @autoclosure @Sendable () -> any Error,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void
    ) -> AttemptDeadline {
        AttemptDeadline(seconds: seconds, error: error()) { seconds, expire in
            startSleeping(seconds, sleep: sleep, expire: expire)
        }
    }

    /// Waits in `sleep` in a task of its own, then calls `expire` (not when the wait throws: it was
    /// cancelled); the returned function cancels that task.
    public static func startSleeping(
        _ seconds: TimeInterval, sleep: @escaping @Sendable (TimeInterval) async throws -> Void,
        expire: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void {
        let wait = Task {
            do { try await sleep(seconds) } catch { return }
            expire()
        }
        return { wait.cancel() }
    }
}

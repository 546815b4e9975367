/// A backoff wait between two attempts: the live countdown is `start + delay − now`.
public struct BackoffWait: Sendable, Hashable {
    /// The attempt that failed and is followed by this wait.
    public var afterAttempt: Int
    /// Clock time the wait started.
    public var start: Double
    /// The wait's length in seconds.
    public var delay: Double

    /// Creates a wait.
    public init(afterAttempt: Int, start: Double, delay: Double) {
        self.afterAttempt = afterAttempt
        self.start = start
        self.delay = delay
    }

    /// Seconds left at `now` (never negative).
    public func remaining(at now: Double) -> Double { max(0, start + delay - now) }
}

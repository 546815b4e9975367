/// A backoff wait between two attempts: the live countdown is `start + delay − now`.
package struct BackoffWait: Sendable, Hashable {
    /// The attempt that failed and is followed by this wait.
    package var afterAttempt: Int
    /// Clock time the wait started.
    package var start: Double
    /// The wait's length in seconds.
    package var delay: Double

    /// Creates a wait.
    package init(afterAttempt: Int, start: Double, delay: Double) {
        self.afterAttempt = afterAttempt
        self.start = start
        self.delay = delay
    }

    /// Seconds left at `now` (never negative).
    package func remaining(at now: Double) -> Double { max(0, start + delay - now) }
}

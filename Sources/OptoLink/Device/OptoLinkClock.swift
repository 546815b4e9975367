import Foundation

/// Time for the SDK: attempt durations and every wait (retry backoff, event queue retries).
///
/// ``SystemClock`` in production; `OptoLinkTesting.ManualClock` in tests, so a 1 s / 2 s / 4 s schedule
/// runs in microseconds. (Not `Swift.Clock`, which needs iOS 16.)
public protocol OptoLinkClock: Sendable {
    /// Monotonic seconds since an arbitrary origin.
    func now() -> TimeInterval
    /// Waits `seconds`; throws `CancellationError` when the task is cancelled.
    func sleep(for seconds: TimeInterval) async throws
    /// Waits `seconds` for a request attempt's deadline (``OptoLinkConfiguration/timeout``): the SDK
    /// races each attempt against it and cancels it on this wait's side when it ends first. Throws
    /// `CancellationError` when the task is cancelled (the attempt ended first).
    ///
    /// The default is ``sleep(for:)``; `OptoLinkTesting.ManualClock` keeps these apart from backoff waits,
    /// so a test that drives the waits does not also run out every attempt's time.
    func sleep(forDeadline seconds: TimeInterval) async throws
}

extension OptoLinkClock {
    /// ``sleep(for:)``.
    public func sleep(forDeadline seconds: TimeInterval) async throws {
        try await sleep(for: seconds)
    }
}

/// The real clock: `ProcessInfo.systemUptime` and `Task.sleep`.
public struct SystemClock: OptoLinkClock {
    /// Creates the clock.
    public init() {}

    /// Seconds since boot (monotonic).
    public func now() -> TimeInterval { ProcessInfo.processInfo.systemUptime }

    /// Sleeps `seconds` (negative or zero: returns at once unless cancelled).
    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else {
            try Task.checkCancellation()
            return
        }
        let nanoseconds = seconds >= 1e9 ? UInt64.max / 2 : UInt64(seconds * 1_000_000_000)
        try await Task.sleep(nanoseconds: nanoseconds)
    }
}

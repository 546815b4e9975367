import Foundation
internal import OptoLinkClientCore

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

    /// Starts a request attempt's deadline: calls `expire` once `seconds` have passed, unless the
    /// returned function is called first (the attempt ended; `expire` is then never called and is
    /// released). `expire` runs at most once, on any thread, and must be quick.
    ///
    /// The default waits in ``sleep(forDeadline:)`` in a task of its own, so a clock only writes that;
    /// ``SystemClock`` schedules `expire` on Dispatch instead, without a task to start and, when the
    /// attempt ends first, none to wake (a task cost a direct open ~10 µs while its
    /// request was on the wire).
    func startDeadline(after seconds: TimeInterval, expire: @escaping @Sendable () -> Void) -> @Sendable () -> Void
}

extension OptoLinkClock {
    /// ``sleep(for:)``.
    public func sleep(forDeadline seconds: TimeInterval) async throws {
        try await sleep(for: seconds)
    }

    /// Waits in ``sleep(forDeadline:)`` in a task of its own, then calls `expire`; the returned function
    /// cancels that task.
    public func startDeadline(after seconds: TimeInterval, expire: @escaping @Sendable () -> Void)
        -> @Sendable () -> Void
    {
        AttemptDeadline.startSleeping(seconds, sleep: { try await sleep(forDeadline: $0) }, expire: expire)
    }
}

/// The real clock: `ProcessInfo.systemUptime` and `Task.sleep`.
public struct SystemClock: OptoLinkClock {
    /// Where deadlines expire (see ``startDeadline(after:expire:)``).
    private static let deadlines = DeadlineScheduler(queue: DispatchQueue(label: "OptoLink.SystemClock.deadlines"))

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

    /// Schedules `expire` on the clock's own serial Dispatch queue `seconds` from now (zero, negative or
    /// not a number: at once; a billion seconds or more: never). Cancelling releases `expire` at once.
    ///
    /// Every deadline waits behind one Dispatch timer (`DeadlineScheduler`), re-armed only for a deadline
    /// earlier than the one it waits for: starting one is a locked heap insert, not a Dispatch timer of its
    /// own (which cost 12–30 µs on the caller's thread on Linux).
    ///
    /// Not the global queue: an app (or anything in its process) that blocks its threads would hold every
    /// deadline behind them. A serial queue of its own gets a thread of its own when the others are busy.
    public func startDeadline(after seconds: TimeInterval, expire: @escaping @Sendable () -> Void)
        -> @Sendable () -> Void
    {
        let pending = OnceAction(expire)
        Self.deadlines.add(after: seconds, pending)
        return { pending.cancel() }
    }
}

import Foundation

/// The time the client waits on: every backoff wait and every per-attempt timeout.
///
/// ``S2SSystemClock`` in production; a manual clock in tests, so a 0.5 s / 1 s / 2 s schedule and a 3 s
/// timeout are tested without waiting. (Not `Swift.Clock`, which needs iOS 16 and macOS 13.)
public protocol S2SClock: Sendable {
    /// Waits `seconds` (returns at once when zero or less); throws `CancellationError` when the task is
    /// cancelled, and then must return promptly.
    func sleep(for seconds: TimeInterval) async throws
}

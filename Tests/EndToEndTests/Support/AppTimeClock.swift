import Foundation
import OptoLink
import OptoLinkTesting

/// The system clock's real sleeps and deadlines, with an app time (``now()``) that moves only when the test
/// says so: a real end-to-end flow whose time windows (the SDK's 5 s duplicate-open window) do not hang on
/// how busy the machine is.
struct AppTimeClock: OptoLinkClock {
    private let system = SystemClock()
    /// Holds the app time only: nothing sleeps on it.
    private let appTime = ManualClock(start: 1_000)

    func now() -> TimeInterval { appTime.now() }

    /// Moves the app time on by `seconds`.
    func advance(_ seconds: TimeInterval) async { await appTime.advance(by: seconds) }

    func sleep(for seconds: TimeInterval) async throws { try await system.sleep(for: seconds) }

    func sleep(forDeadline seconds: TimeInterval) async throws { try await system.sleep(forDeadline: seconds) }

    func startDeadline(after seconds: TimeInterval, expire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        system.startDeadline(after: seconds, expire: expire)
    }
}

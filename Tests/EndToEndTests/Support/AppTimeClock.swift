import Foundation
import OptoLink

/// The system clock's real sleeps and deadlines, with an app time (``now()``) that moves only when the test
/// says so: a real end-to-end flow whose time windows (the SDK's 5 s duplicate-open window) do not hang on
/// how busy the machine is.
final class AppTimeClock: OptoLinkClock, @unchecked Sendable {
    private let system = SystemClock()
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var time: TimeInterval = 1_000

    func now() -> TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return time
    }

    /// Moves the app time on by `seconds`.
    func advance(_ seconds: TimeInterval) {
        lock.lock()
        time += seconds
        lock.unlock()
    }

    func sleep(for seconds: TimeInterval) async throws { try await system.sleep(for: seconds) }

    func sleep(forDeadline seconds: TimeInterval) async throws { try await system.sleep(forDeadline: seconds) }

    func startDeadline(after seconds: TimeInterval, expire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        system.startDeadline(after: seconds, expire: expire)
    }
}

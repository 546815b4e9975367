import Foundation
import OptoLinkS2S

/// A clock whose waits end at once: it records what was asked, so a test of the retry schedule needs no
/// interleaving (and a wrong extra retry shows as an extra entry, not a hang).
///
/// `@unchecked Sendable` is safe: `requested` is only touched while `lock` is held.
final class ImmediateClock: S2SClock, @unchecked Sendable {
    private let lock = NSLock()
    private var requested: [TimeInterval] = []
    /// Waits of exactly this long never end by themselves (they end when cancelled): the per-attempt
    /// timers (the client's default attempt timeout; tests keep their backoff waits different from it).
    private let timer: TimeInterval

    /// A clock whose waits end at once, except those of exactly `timer` seconds, which wait for
    /// cancellation.
    init(timer: TimeInterval = 3) {
        self.timer = timer
    }

    /// Every wait asked for, in order (the timers' included).
    var sleepRequests: [TimeInterval] { lock.withLock { requested } }

    func sleep(for seconds: TimeInterval) async throws {
        lock.withLock { requested.append(seconds) }
        if seconds != timer {
            try Task.checkCancellation()
            return
        }
        // A timer: waits until the attempt it guards ends and cancels it.
        let never = AsyncStream<Void> { _ in }
        for await _ in never {}
        throw CancellationError()
    }
}

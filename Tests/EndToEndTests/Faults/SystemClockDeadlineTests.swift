import Foundation
import OptoLink
import TestSupport
import Testing

/// `SystemClock.startDeadline(after:expire:)`, in real time: it fires after its time (at once for no
/// time), never after a cancel, in the order of the deadlines' times whatever the order they were started
/// in (they all wait behind one timer), and not behind Dispatch's busy global queue. (The deadline's use by the
/// attempt race, on injected clocks, is in OptoLinkTests: `ClockDeadlineTests`.)
@Suite("The system clock's attempt deadlines, in real time", .tags(.realTime), .skippable(.realTime))
struct SystemClockDeadlineTests {
    @Test(.timeLimit(.minutes(1)))
    func theDeadlineCallsExpireOnceItsTimeHasPassed() async {
        let clock = SystemClock()
        let fired = Recorder<TimeInterval>()
        let started = clock.now()
        _ = clock.startDeadline(after: 0.05) { fired.record(clock.now()) }
        await fired.waitForCount(1)
        #expect(fired.all.count == 1)
        if let time = fired.all.first { #expect(time - started >= 0.05) }
    }

    @Test(.timeLimit(.minutes(1)), arguments: [0, -1, Double.nan])
    func aDeadlineOfNoTimeExpiresAtOnce(seconds: Double) async {
        let fired = Recorder<Int>()
        _ = SystemClock().startDeadline(after: seconds) { fired.record(1) }
        await fired.waitForCount(1)
        #expect(fired.all == [1])
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledDeadlineNeverExpiresAndLetsGoOfItsAction() async throws {
        final class Owner: Sendable {}
        let calls = Recorder<Int>()
        weak var released: Owner?
        let cancel: @Sendable () -> Void
        do {
            let owner = Owner()
            released = owner
            cancel = SystemClock().startDeadline(after: 0.05) { [owner] in
                withExtendedLifetime(owner) { calls.record(1) }
            }
        }
        #expect(released != nil)  // held by the pending deadline
        cancel()
        #expect(released == nil)  // released at the cancel, not when the timer fires
        // A deadline started after it, with the same delay, fires: by then the cancelled one would have.
        let later = Recorder<Int>()
        _ = SystemClock().startDeadline(after: 0.05) { later.record(1) }
        await later.waitForCount(1)
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(calls.all.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func anEarlierDeadlineStartedAfterALaterOneDoesNotWaitForIt() async {
        // Given a deadline 10 s away, then one 50 ms away
        let clock = SystemClock()
        let fired = Recorder<String>()
        let cancelLate = clock.startDeadline(after: 10) { fired.record("late") }
        let started = clock.now()
        _ = clock.startDeadline(after: 0.05) { fired.record("early") }

        // When the first one expires
        await fired.waitForCount(1)
        let elapsed = clock.now() - started
        cancelLate()

        // Then it was the early one, after its time, long before the late one's
        #expect(fired.all == ["early"])
        #expect(elapsed >= 0.05)
        #expect(elapsed < 10)
    }

    @Test(.timeLimit(.minutes(1)))
    func deadlinesExpireOnceEachInTheOrderOfTheirTimes() async {
        // Given 24 deadlines 10–79 ms away, started in a seeded shuffled order, every third one cancelled
        let clock = SystemClock()
        var random = SeededRandom(seed: 0xDEAD_11_2F)
        let delays = (0..<24).map { 10 + 3 * $0 }.shuffled(using: &random)
        let fired = Recorder<Int>()
        for delay in delays {
            let cancel = clock.startDeadline(after: Double(delay) / 1000) { fired.record(delay) }
            if delay % 9 == 1 { cancel() }
        }
        let kept = delays.filter { $0 % 9 != 1 }.sorted()

        // When all the others have expired (and the last one's time passed well after)
        await fired.waitForCount(kept.count)
        try? await Task.sleep(nanoseconds: 50_000_000)

        // Then each expired once, earliest first, and no cancelled one ever did
        #expect(fired.all == kept)
    }

    @Test func theDeadlineFiresWhileTheGlobalQueueIsBusy() async throws {
        // An app (or the server in this process, flushing to SQLite) may block every thread of Dispatch's
        // global queue for seconds; a deadline must not wait for one of them. On Linux the cooperative
        // pool's own timers wait behind those threads too, so this test waits by blocking its thread, not
        // with Task.sleep.
        await QuietMachine.shared.run {
            let release = DispatchSemaphore(value: 0)
            let blockers = 16
            for _ in 0..<blockers { DispatchQueue.global().async { release.wait() } }
            let started = Date()
            let firedAt = Recorder<Date>()
            _ = SystemClock().startDeadline(after: 0.05) { firedAt.record(Date()) }
            // Up to 1 s, released as soon as it fired (the blocked threads hold up the whole run meanwhile).
            let waitEnd = Date().addingTimeInterval(1)
            while firedAt.all.isEmpty, Date() < waitEnd { Self.blockingWait(0.01) }
            let fired = firedAt.all.first
            for _ in 0..<blockers { release.signal() }
            #expect(fired != nil, "the deadline waited for Dispatch's global queue")
            if let fired { #expect(fired.timeIntervalSince(started) >= 0.05) }
        }
    }

    /// Blocks this thread for `seconds` (on purpose: the timers a task would wait on may be held up).
    private static func blockingWait(_ seconds: TimeInterval) {
        Thread.sleep(forTimeInterval: seconds)
    }
}

import Foundation
import OptoLinkTesting
import TestSupport
import Testing

@testable import OptoLink

/// `OptoLinkClock.startDeadline(after:expire:)`: the system clock's Dispatch deadline, the default one
/// (through `sleep(forDeadline:)`), and the attempt race using it.
@Suite("Attempt deadlines on the clock")
struct SystemClockDeadlineTests {
    /// Counts calls, and lets a test wait for the first one (at most `limit` real seconds).
    final class Calls: @unchecked Sendable {
        // @unchecked: `count` and `waiters` are only touched while `lock` is held.
        private let lock = NSLock()
        private var count = 0
        private var waiters: [CheckedContinuation<Void, Never>] = []

        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }

        func add() {
            lock.lock()
            count += 1
            let waiting = waiters
            waiters = []
            lock.unlock()
            for waiter in waiting { waiter.resume() }
        }

        /// Waits until a call came; false when none came within `limit` seconds (a failure, not a bound).
        func waitForOne(limit: TimeInterval) async -> Bool {
            let deadline = Date().addingTimeInterval(limit)
            while value == 0, Date() < deadline { try? await Task.sleep(nanoseconds: 5_000_000) }
            return value > 0
        }
    }

    @Test func theSystemClocksDeadlineCallsExpireOnceItsTimeHasPassed() async {
        let clock = SystemClock()
        let calls = Calls()
        let started = clock.now()
        _ = clock.startDeadline(after: 0.05) { calls.add() }
        #expect(await calls.waitForOne(limit: 10))
        #expect(clock.now() - started >= 0.05)
        #expect(calls.value == 1)
    }

    @Test func theSystemClocksDeadlineFiresWhileTheGlobalQueueIsBusy() async throws {
        // An app (or the server in this process, flushing to SQLite) may block every thread of Dispatch's
        // global queue for seconds; a deadline must not wait for one of them (a trickle test ran 11 s
        // over its 1 s deadline when it did). On Linux the cooperative pool's own timers wait behind those
        // threads too, so this test waits by blocking its thread, not with Task.sleep.
        try await QuietMachine.shared.run {
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

    @Test(arguments: [0, -1, Double.nan])
    func aDeadlineOfNoTimeExpiresAtOnce(seconds: Double) async {
        let calls = Calls()
        _ = SystemClock().startDeadline(after: seconds) { calls.add() }
        #expect(await calls.waitForOne(limit: 10))
    }

    @Test func aCancelledDeadlineNeverExpiresAndLetsGoOfItsAction() async throws {
        final class Owner: Sendable {}
        let calls = Calls()
        weak var released: Owner?
        let cancel: @Sendable () -> Void
        do {
            let owner = Owner()
            released = owner
            cancel = SystemClock().startDeadline(after: 0.05) { [owner] in
                withExtendedLifetime(owner) { calls.add() }
            }
        }
        #expect(released != nil)  // held by the pending deadline
        cancel()
        #expect(released == nil)  // released at the cancel, not when the timer fires
        // A deadline started after it, with the same delay, fires: by then the cancelled one would have.
        let later = Calls()
        _ = SystemClock().startDeadline(after: 0.05) { later.add() }
        #expect(await later.waitForOne(limit: 10))
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(calls.value == 0)
    }

    @Test func aClockWithoutItsOwnDeadlineWaitsInSleepForDeadline() async {
        // ManualClock only writes sleep(forDeadline:): the default startDeadline waits there.
        let clock = ManualClock()
        let calls = Calls()
        _ = clock.startDeadline(after: 3) { calls.add() }
        await clock.waitForTimeouts(1)
        #expect(clock.requestedTimeouts == [3])
        await clock.advance(by: 2.9)
        #expect(calls.value == 0)
        await clock.advance(by: 0.1)
        #expect(await calls.waitForOne(limit: 10))

        let cancelled = Calls()
        let cancel = clock.startDeadline(after: 3) { cancelled.add() }
        await clock.waitForTimeouts(1)
        cancel()
        await clock.advance(by: 10)
        #expect(cancelled.value == 0)
    }

    /// A clock that records each deadline an attempt starts and whether it was cancelled.
    final class DeadlineSpyClock: OptoLinkClock, @unchecked Sendable {
        // @unchecked: `started` and `cancelled` are only touched while `lock` is held.
        private let lock = NSLock()
        private var started: [TimeInterval] = []
        private var cancelled = 0

        var deadlines: (started: [TimeInterval], cancelled: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (started, cancelled)
        }

        func now() -> TimeInterval { 0 }
        func sleep(for seconds: TimeInterval) async throws {}

        func startDeadline(after seconds: TimeInterval, expire: @escaping @Sendable () -> Void)
            -> @Sendable () -> Void
        {
            lock.lock()
            started.append(seconds)
            lock.unlock()
            return { [self] in
                lock.lock()
                cancelled += 1
                lock.unlock()
            }
        }
    }

    @Test func eachAttemptStartsItsDeadlineOnTheClockAndCancelsItWhenAnswered() async throws {
        let clock = DeadlineSpyClock()
        let transport = ScriptedTransport([
            .response(status: 503),
            .response(status: 200, json: #"{"linkId":"l1","path":"/p","params":{}}"#),
        ])
        let api = OptoLinkAPI(configuration: Fixtures.configuration(maxRetries: 1), transport: transport, clock: clock)
        let link = try await api.linkData(shortCode: "summer", deviceId: nil)
        #expect(link.path == "/p")
        let deadlines = clock.deadlines
        #expect(deadlines.started == [10, 10])
        #expect(deadlines.cancelled == 2)
    }
}

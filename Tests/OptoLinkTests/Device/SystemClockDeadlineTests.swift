import Foundation
import OptoLinkTesting
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

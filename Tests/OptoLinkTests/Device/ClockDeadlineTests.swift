import Foundation
import OptoLinkTesting
import TestSupport
import Testing

@testable import OptoLink

/// `OptoLinkClock.startDeadline(after:expire:)` on injected clocks: the default one (through
/// `sleep(forDeadline:)`), and the attempt race using the clock's. (The system clock's own, in real
/// time, is in EndToEndTests: `SystemClockDeadlineTests`.)
@Suite("Attempt deadlines on the clock")
struct ClockDeadlineTests {
    @Test(.timeLimit(.minutes(1)))
    func aClockWithoutItsOwnDeadlineWaitsInSleepForDeadline() async {
        // ManualClock only writes sleep(forDeadline:): the default startDeadline waits there.
        let clock = ManualClock()
        let calls = Recorder<Int>()
        _ = clock.startDeadline(after: 3) { calls.record(1) }
        await clock.waitForTimeouts(1)
        #expect(clock.requestedTimeouts == [3])
        await clock.advance(by: 2.9)
        #expect(calls.all.isEmpty)
        await clock.advance(by: 0.1)
        await calls.waitForCount(1)
        #expect(calls.all == [1])

        let cancelled = Recorder<Int>()
        let cancel = clock.startDeadline(after: 3) { cancelled.record(1) }
        await clock.waitForTimeouts(1)
        cancel()
        await clock.advance(by: 10)
        #expect(cancelled.all.isEmpty)
    }

    /// A clock that records each deadline an attempt starts and whether it was cancelled. Nothing in it
    /// waits: `sleep(for:)` returns at once (no retry here waits), and a deadline never expires.
    struct DeadlineSpyClock: OptoLinkClock {
        private let started = Recorder<TimeInterval>()
        private let cancels = Recorder<Void>()

        var deadlines: (started: [TimeInterval], cancelled: Int) { (started.all, cancels.all.count) }

        func now() -> TimeInterval { 0 }
        func sleep(for seconds: TimeInterval) async throws {}

        func startDeadline(after seconds: TimeInterval, expire: @escaping @Sendable () -> Void)
            -> @Sendable () -> Void
        {
            started.record(seconds)
            return { [cancels] in cancels.record(()) }
        }
    }

    @Test func eachAttemptStartsItsDeadlineOnTheClockAndCancelsItWhenAnswered() async throws {
        let clock = DeadlineSpyClock()
        let transport = ScriptedTransport([
            .response(status: 503),
            .response(status: 200, json: #"{"linkId":"l1","path":"/p","params":{}}"#),
        ])
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(maxRetries: 1), transport: transport, clock: clock)
        let link = try await api.linkData(shortCode: "summer", deviceId: nil)
        #expect(link.path == "/p")
        let deadlines = clock.deadlines
        #expect(deadlines.started == [10, 10])
        #expect(deadlines.cancelled == 2)
    }
}

import Foundation
import OptoLinkClientCore
import Testing

@Suite("Attempt race: the work against its deadline")
struct AttemptRaceTests {
    struct TimedOut: Error, Equatable {}

    /// A deadline the test ends by hand: it records `expire` and whether the race cancelled it.
    final class HandDeadline: Sendable {
        private let state = LockedValue<(expire: (@Sendable () -> Void)?, cancelled: Bool)>((nil, false))

        var deadline: AttemptDeadline {
            AttemptDeadline(seconds: 5, error: TimedOut()) { _, expire in
                self.state.withLock { $0.expire = expire }
                return { self.state.withLock { $0.cancelled = true } }
            }
        }

        var wasCancelled: Bool { state.value.cancelled }

        func expire() { state.value.expire?() }
    }

    @Test func theWorksAnswerWinsAndCancelsTheDeadline() async throws {
        // Given work that answers at once
        let clock = HandDeadline()

        // When it is raced
        let value = try await AttemptRace<Int>.run(deadline: clock.deadline) { 42 }

        // Then its answer is returned and the deadline was cancelled
        #expect(value == 42)
        #expect(clock.wasCancelled)
    }

    @Test func theDeadlineEndsAnAttemptWhoseWorkNeverAnswers() async throws {
        // Given work that never calls its completion and ignores cancellation
        let clock = HandDeadline()
        let cancelledWork = LockedValue(false)
        let race = Task {
            try await AttemptRace<Int>.run(deadline: clock.deadline) { _ in
                { cancelledWork.set(true) }
            }
        }

        // When the deadline passes
        while true {
            clock.expire()
            if clock.wasCancelled || cancelledWork.value { break }
            await Task.yield()
        }

        // Then the caller gets the deadline's error and the work was cancelled
        await #expect(throws: TimedOut.self) { try await race.value }
        #expect(cancelledWork.value)
    }

    @Test func cancellingTheCallerEndsTheRaceAtOnce() async throws {
        // Given async work that waits forever
        let clock = HandDeadline()
        let started = LockedValue(false)
        let race = Task {
            try await AttemptRace<Int>.run(deadline: clock.deadline) {
                started.set(true)
                try await Task.sleep(nanoseconds: UInt64.max / 2)
                return 0
            }
        }
        while !started.value { await Task.yield() }

        // When the caller is cancelled
        race.cancel()

        // Then it ends with CancellationError, and the deadline was cancelled
        await #expect(throws: CancellationError.self) { try await race.value }
        #expect(clock.wasCancelled)
    }
}

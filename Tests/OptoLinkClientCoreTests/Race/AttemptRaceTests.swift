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

        /// Whether a deadline was started.
        var wasStarted: Bool { state.value.expire != nil }

        /// Whether a deadline was started and is still running.
        var isRunning: Bool {
            let state = state.value
            return state.expire != nil && !state.cancelled
        }

        func expire() { state.value.expire?() }
    }

    @Test func theWorksAnswerWinsAndCancelsTheDeadline() async throws {
        // Given work that answers at once
        let clock = HandDeadline()

        // When it is raced
        let value = try await AttemptRace<Int>.run(deadline: clock.deadline) { 42 }

        // Then its answer is returned and no deadline is left running (cancelled, or never started when the
        // work ran in place and answered before the race would have started it)
        #expect(value == 42)
        #expect(!clock.isRunning)
    }

    #if compiler(>=6.2)
    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
    @Test func workThatAnswersWithoutSuspendingStartsNoDeadline() async throws {
        // Given work that answers without suspending (an app's backend signing in process), on a runtime
        // where its task starts in place
        let clock = HandDeadline()

        // When it is raced
        let value = try await AttemptRace<Int>.run(deadline: clock.deadline) { 42 }

        // Then the race was over before a deadline was needed
        #expect(value == 42)
        #expect(!clock.wasStarted)
    }
    #endif

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

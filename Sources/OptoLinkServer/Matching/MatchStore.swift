import Foundation

/// The shared, locked `MatchState`.
final class MatchStore: Sendable {
    private let state = Locked(MatchState())

    /// Records a click (and drops expired records, at most once a minute).
    func insert(_ record: MatchRecord, now: Date) {
        state.withLock {
            $0.sweepIfDue(now: now)
            $0.insert(record, now: now)
        }
    }

    /// Runs the match chain atomically (and drops expired records, at most once a minute).
    func match(_ input: MatchEngine.Input, ipHash: String, now: Date) -> MatchEngine.Decision {
        state.withLock {
            $0.sweepIfDue(now: now)
            return MatchEngine.evaluate(input, ipHash: ipHash, now: now, state: &$0)
        }
    }

    /// A snapshot (tests, diagnostics).
    var snapshot: MatchState { state.withLock { $0 } }
}

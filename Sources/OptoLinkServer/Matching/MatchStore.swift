import Foundation

/// The shared, locked `MatchState`.
final class MatchStore: Sendable {
    private let state = Locked(MatchState())

    /// Records a click.
    func insert(_ record: MatchRecord, now: Date) {
        state.withLock { $0.insert(record, now: now) }
    }

    /// Runs the match chain atomically.
    func match(_ input: MatchEngine.Input, ipHash: String, now: Date) -> MatchEngine.Decision {
        state.withLock { MatchEngine.evaluate(input, ipHash: ipHash, now: now, state: &$0) }
    }

    /// A snapshot (tests, diagnostics).
    var snapshot: MatchState { state.withLock { $0 } }
}

import Foundation
import OptoLinkHTTP

/// The shared, locked `MatchState`, and the numbers its chain decides with.
package final class MatchStore: Sendable {
    private let state: Locked<MatchState>
    private let policy: MatchEngine.Policy

    /// An empty store that holds at most what `limits` allow, deciding with the seed's numbers.
    package convenience init(limits: MatchState.Limits = MatchState.Limits()) {
        self.init(limits: limits, policy: .seed)
    }

    /// An empty store that holds at most what `limits` allow and decides with `policy` (only an embedding
    /// program such as the dashboard's match lab asks for other numbers than the seed's).
    init(limits: MatchState.Limits, policy: MatchEngine.Policy) {
        state = Locked(MatchState(limits: limits))
        self.policy = policy
    }

    /// Records a click (and drops expired records, at most once a minute).
    package func insert(_ record: MatchRecord, now: Date) {
        state.withLock {
            $0.sweepIfDue(now: now)
            $0.insert(record, now: now)
        }
    }

    /// Runs the match chain atomically (and drops expired records, at most once a minute).
    package func match(_ input: MatchEngine.Input, ipHash: String, now: Date) -> MatchEngine.Decision {
        state.withLock {
            $0.sweepIfDue(now: now)
            return MatchEngine.evaluate(input, ipHash: ipHash, now: now, state: &$0, policy: policy)
        }
    }

    /// Drops every pending click of a link (deleted: it must not match any more).
    func removeRecords(linkId: String) {
        state.withLock { $0.removeRecords(linkId: linkId) }
    }

    /// Records held and the bytes they take by `MatchState.estimatedBytes(of:)`.
    package var usage: (records: Int, bytes: Int) { state.withLock { ($0.records.count, $0.storedBytes) } }

    /// A snapshot (tests, diagnostics).
    package var snapshot: MatchState { state.withLock { $0 } }
}

import Foundation
import OptoLinkHTTP

/// The shared, locked `MatchState`.
package final class MatchStore: Sendable {
    private let state: Locked<MatchState>
    private let journal: MatchJournal?

    /// A store that holds at most what `limits` allow: empty, or, with a `journal`, holding the clicks the
    /// journal kept that still wait at `now`; every later click and match is written to it.
    package init(limits: MatchState.Limits = MatchState.Limits(), journal: MatchJournal? = nil, now: Date = Date()) {
        var initial = MatchState(limits: limits)
        for record in journal?.pending(now: now) ?? [] { initial.insert(record, now: now) }
        state = Locked(initial)
        self.journal = journal
    }

    /// Records a click (and drops expired records, at most once a minute).
    package func insert(_ record: MatchRecord, now: Date) {
        state.withLock {
            $0.sweepIfDue(now: now)
            $0.insert(record, now: now)
        }
        journal?.recorded(record)
    }

    /// Runs the match chain atomically (and drops expired records, at most once a minute).
    package func match(_ input: MatchEngine.Input, ipHash: String, now: Date) -> MatchEngine.Decision {
        let (decision, matched) = state.withLock { state -> (MatchEngine.Decision, MatchRecord?) in
            state.sweepIfDue(now: now)
            let decision = MatchEngine.evaluate(input, ipHash: ipHash, now: now, state: &state)
            guard journal != nil, let token = decision.result?.record.token else { return (decision, nil) }
            return (decision, state.record(token: token, now: now))
        }
        if let matched, let matchedAt = matched.matchedAt {
            journal?.matched(token: matched.token, at: matchedAt, expiresAt: matched.expiresAt)
        }
        return decision
    }

    /// Drops every pending click of a link (deleted: it must not match any more).
    func removeRecords(linkId: String) {
        state.withLock { $0.removeRecords(linkId: linkId) }
        journal?.removed(linkId: linkId)
    }

    /// Records held and the bytes they take by `MatchState.estimatedBytes(of:)`.
    package var usage: (records: Int, bytes: Int) { state.withLock { ($0.records.count, $0.storedBytes) } }

    /// A snapshot (tests, diagnostics).
    package var snapshot: MatchState { state.withLock { $0 } }
}

import Foundation

/// Where a match engine's clicks are written behind it, for a server on a database file: every click it
/// starts waiting on and every match, queued to the store (never waited on), and read back when the engine
/// starts, so quitting and starting the server again keeps the clicks waiting for their installs.
package struct MatchJournal: Sendable {
    /// Which engine: `optolink`, or an emulated app's (`quberoute:<project>/<environment>`, …).
    let scope: String
    let store: Store

    /// A journal for `scope`'s engine in `store`; nil when the store is in memory (nothing to keep).
    static func of(_ scope: String, in store: Store?) -> MatchJournal? {
        guard let store, store.isPersistent else { return nil }
        return MatchJournal(scope: scope, store: store)
    }

    /// The engine started waiting on `record`.
    func recorded(_ record: MatchRecord) {
        store.enqueue(.pendingClick(scope: scope, record: record))
    }

    /// The click `token` matched: it lives on only until `expiresAt`.
    func matched(token: String, at matchedAt: Date, expiresAt: Date) {
        store.enqueue(.pendingClickMatched(token: token, matchedAt: matchedAt, expiresAt: expiresAt))
    }

    /// Every pending click of `linkId` went (the link was deleted).
    func removed(linkId: String) {
        store.enqueue(.pendingClicksRemoved(scope: scope, linkId: linkId))
    }

    /// The clicks still waiting at `now`; none (and a log line) when the table cannot be read.
    func pending(now: Date) -> [MatchRecord] {
        do {
            return try store.pendingClicks(scope: scope, now: now)
        } catch {
            store.log.write(
                "the pending clicks of \(scope) could not be read (\(error.message)): starting without them")
            return []
        }
    }
}

import Foundation
import OptoLinkHTTP

/// Everything that survives a restart, in SQLite: orgs, hashed keys, templates, links, device
/// profiles, identity bindings, events, clicks and the audit trail. One connection behind a lock.
///
/// Three things keep the routes the event loops answer themselves (`/data`, the redirect page, `/match`)
/// off the database lock, so a slow write never stalls them:
/// - Orgs, links, templates and keys found by the lookups are kept in a read cache, filled and emptied
///   under the database lock (so a fill can never outlive a write), and read under the cache's own lock.
/// - Their writes (click tracking, device upserts, the match audit) are queued and applied in one
///   transaction a few milliseconds later by a background thread, on stop, and before any other database
///   access that may wait, so everything read through the store already sees them.
/// - Their reads ask with ``Access/noWait``: on a cache miss while someone holds the database, they throw
///   ``OptoLinkServerError/storageBusy`` at once and the request goes to a storage worker.
///
/// This file is the core: the connection and its migrations, ``withDatabase(access:_:)``, the read cache,
/// the write queue and the trimming of the tables that grow. Each table's queries are an extension in
/// `Tables/` (`Store+Links.swift`, `Store+Clicks.swift`, …), all through ``withDatabase(access:_:)``.
package final class Store: Sendable {
    /// Whether a read may wait for the database lock.
    package enum Access: Sendable {
        /// Wait (storage workers, tests, start-up).
        case wait
        /// Never wait: answer from the cache, or from the database if nobody holds it, else throw
        /// ``OptoLinkServerError/storageBusy`` (event-loop threads). Queued writes are left to the
        /// background flush: none of them changes what these reads return.
        case noWait
    }

    private let db: Locked<SQLiteDatabase>
    /// Where dropped writes and rolled-back batches are reported.
    let log: ServerLog
    /// Rows the `clicks` table keeps; the oldest go past it.
    let maxClickRows: Int
    /// Rows each table of what clients record without bound keeps (OptoLink's `events`, QubeRoute's
    /// `qr_events` and `qr_installs`); the oldest go past it.
    let maxRecordRows: Int
    /// Whether the database is a file (it outlives the process): only then do the match engines keep their
    /// pending clicks and attempts in it.
    package let isPersistent: Bool
    /// Rows inserted per table since it was last trimmed (``trim(_:table:cap:inserted:)``).
    private let insertedSinceTrim = Locked([String: Int]())
    private let cache = Locked(ReadCache())
    private let pending = Locked(PendingWrites())
    /// HMAC-SHA256 keyed with this database's `ip_hash_secret` (made on first open, kept in `meta`):
    /// what `Backend.ipHash` files click records under. Stable across restarts on a file, fresh for
    /// every in-memory database.
    let ipHashKey: Digest

    /// Found orgs, links, templates and keys (misses are not cached, so unknown codes cannot grow it).
    struct ReadCache {
        var orgsByKey: [String: OrgRecord] = [:]
        var orgsById: [Int64: OrgRecord] = [:]
        var linksByCode: [LinkKey: LinkRecord] = [:]
        var templates: [LinkKey: TemplateRecord] = [:]
        var keysByPrefix: [String: [APIKeyRecord]] = [:]
        struct LinkKey: Hashable {
            var orgId: Int64
            var name: String
        }
        /// Past this many entries the cache is emptied (bounded memory).
        static let limit = 4096
        var count: Int { orgsByKey.count + orgsById.count + linksByCode.count + templates.count + keysByPrefix.count }
    }

    /// What `/match` tells the store about the device.
    typealias MatchDevice = (id: String, platform: String?, osVersion: String?, deviceModel: String?)

    /// A queued write.
    enum PendingWrite {
        case click(
            linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, token: String?, now: Date)
        /// A `/match` as it was asked.
        case matchRequest(MatchEngine.Input, ipHash: String, now: Date)
        case device(orgId: Int64, id: String, now: Date)
        case match(device: MatchDevice?, orgId: Int64?, actor: String, detail: String, now: Date)
        /// A click a match engine now waits on (`scope`: which engine).
        case pendingClick(scope: String, record: MatchRecord)
        /// A pending click matched: it lives on only until `expiresAt`.
        case pendingClickMatched(token: String, matchedAt: Date, expiresAt: Date)
        /// Every pending click of a link went.
        case pendingClicksRemoved(scope: String, linkId: String)
        /// A match attempt as `/dev/match-attempts` shows it.
        case matchAttempt(entry: String, deviceId: String?, service: String)
    }

    private struct PendingWrites {
        var writes: [PendingWrite] = []
        var flushScheduled = false
        /// Writes dropped because the queue was full, since the last log line about it.
        var dropped = 0
    }

    /// Queued writes are applied after at most this long.
    static let flushDelay: DispatchTimeInterval = .milliseconds(5)
    /// More queued writes than this are applied by a background flush started at once.
    static let maxPending = 512
    /// More queued writes than this (the database has not taken any for a while) drop the oldest: they
    /// are fire-and-forget, and the memory they would take is not. A log line says how many.
    static let maxQueued = 65_536

    /// Opens (and migrates) the database at `path`, or an in-memory one when nil.
    /// - Parameters:
    ///   - maxClickRows: rows the `clicks` table (analytics) keeps, the oldest deleted past it; checked
    ///     after every `max(1, maxClickRows / 16)` clicks, so it holds at most a sixteenth more meanwhile.
    ///   - maxRecordRows: the same for each of `events`, `qr_events` and `qr_installs`: a client with the
    ///     public key cannot grow the database without bound.
    package init(
        path: String?, log: ServerLog = .standardError, maxClickRows: Int = 1_000_000,
        maxRecordRows: Int = 1_000_000
    ) throws(OptoLinkServerError) {
        self.log = log
        self.maxClickRows = max(1, maxClickRows)
        self.maxRecordRows = max(1, maxRecordRows)
        isPersistent = path != nil
        let database = try SQLiteDatabase(path: path)
        let version = Int(try database.query("PRAGMA user_version;").first?.first?.int ?? 0)
        guard version <= Schema.currentVersion else {
            throw .startup(
                "database \(path ?? ":memory:") has schema version \(version), newer than this server "
                    + "(\(Schema.currentVersion))"
            )
        }
        for index in version..<Schema.currentVersion {
            try database.execute("BEGIN;\n\(Schema.migrations[index])\nPRAGMA user_version = \(index + 1);\nCOMMIT;")
        }
        ipHashKey = Digest(hmacKey: try Store.ipHashSecret(database, path: path))
        db = Locked(database)
    }

    /// The database's `ip_hash_secret`: 32 bytes from the system's random generator, stored on first
    /// open (`INSERT OR IGNORE`, then read back, so two servers opening one new file agree). A stored
    /// secret of another length is a start-up error rather than silently replaced (that would re-key
    /// every stored hash).
    private static func ipHashSecret(_ database: SQLiteDatabase, path: String?) throws(OptoLinkServerError) -> [UInt8] {
        func stored() throws(OptoLinkServerError) -> [UInt8]? {
            guard
                let hex = try database.query("SELECT hex(value) FROM meta WHERE key = 'ip_hash_secret'").first?.first?
                    .string
            else { return nil }
            let digits = Array(hex.utf8)
            guard digits.count == 2 * Digest.length else {
                throw .startup(
                    "database \(path ?? ":memory:"): meta.ip_hash_secret is \(digits.count / 2) bytes, not "
                        + "\(Digest.length)"
                )
            }
            return (0..<Digest.length).map {
                UInt8(String(decoding: digits[2 * $0...2 * $0 + 1], as: UTF8.self), radix: 16)!
            }
        }
        if let secret = try stored() { return secret }
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<Digest.length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        // A blob literal of hex digits made here (SQLValue binds no blobs).
        try database.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('ip_hash_secret', X'\(RandomToken.hex(fresh))');")
        guard let secret = try stored() else {
            throw .startup("database \(path ?? ":memory:"): cannot store meta.ip_hash_secret")
        }
        return secret
    }

    deinit { flush() }

    /// Counts `inserted` rows of a table of client records (`events`, `qr_events`, `qr_installs`) and trims
    /// it to ``maxRecordRows`` when due (call with the database lock held, as ``withDatabase(access:_:)``'s
    /// body is).
    func trimRecords(_ database: SQLiteDatabase, table: String, inserted: Int) {
        trim(database, table: table, cap: maxRecordRows, inserted: inserted)
    }

    /// Counts `inserted` rows of `table` and, every sixteenth of `cap`, deletes the oldest rows past it (by
    /// `rowid`, which grows with each insert), so the table holds at most a sixteenth more than `cap`
    /// meanwhile (call with the database lock held). A failure is logged: nobody waits on the trim.
    func trim(_ database: SQLiteDatabase, table: String, cap: Int, inserted: Int) {
        guard inserted > 0 else { return }
        let due = insertedSinceTrim.withLock { counts -> Bool in
            counts[table, default: 0] += inserted
            guard counts[table, default: 0] >= max(1, cap / 16) else { return false }
            counts[table] = 0
            return true
        }
        guard due else { return }
        do {
            try database.query(
                "DELETE FROM \(table) WHERE rowid <= (SELECT MAX(rowid) FROM \(table)) - ?", [.integer(Int64(cap))])
        } catch {
            log.write("could not trim the \(table) table to \(cap) rows: \(error.message)")
        }
    }

    /// Runs `body` under the database lock: waiting for it, after applying every queued write; or, with
    /// `.noWait`, only if nobody holds it (else ``OptoLinkServerError/storageBusy``), leaving the queue.
    /// Every table's queries go through it: the store's own (`Tables/`) and the emulated services' (their
    /// tables and SQL live beside them in `Emulations/`; their routes run on a storage worker, so they wait).
    @discardableResult
    func withDatabase<R>(access: Access = .wait, _ body: (SQLiteDatabase) throws(OptoLinkServerError) -> R)
        throws(OptoLinkServerError) -> R
    {
        switch access {
        case .wait:
            return try db.withLock { (database: inout SQLiteDatabase) throws(OptoLinkServerError) -> R in
                applyPending(database)
                return try body(database)
            }
        case .noWait:
            guard
                let result = try db.withLockIfAvailable({
                    (database: inout SQLiteDatabase) throws(OptoLinkServerError) -> R in
                    try body(database)
                })
            else { throw .storageBusy }
            return result
        }
    }

    /// Applies every queued write now (stop, tests).
    func flush() {
        db.withLock { applyPending($0) }
    }

    /// Applies the queued writes in one transaction (call with the database lock held). A failing write
    /// is dropped (they are fire-and-forget, as in the contract), the others still apply. When the
    /// transaction cannot commit (a busy, full or read-only database, a deferred constraint), it is rolled
    /// back, never left open (later writes, acknowledged ones included, would sit in it uncommitted), and
    /// the writes are tried once more one by one. What is dropped, and why, goes to the log.
    private func applyPending(_ database: SQLiteDatabase) {
        let writes = pending.withLock { state -> [PendingWrite] in
            defer {
                state.writes = []
                state.flushScheduled = false
                state.dropped = 0
            }
            return state.writes
        }
        guard !writes.isEmpty else { return }
        /// Applies each write on its own; returns how many failed and the first error.
        func applyEach() -> (failed: Int, error: OptoLinkServerError?) {
            var failed = 0
            var first: OptoLinkServerError?
            for write in writes {
                do {
                    try Store.apply(write, to: database)
                } catch {
                    failed += 1
                    first = first ?? error
                }
            }
            return (failed, first)
        }
        var outcome: (failed: Int, error: OptoLinkServerError?)
        if writes.count > 1, (try? database.execute("BEGIN;")) != nil {
            outcome = applyEach()
            do {
                try database.execute("COMMIT;")
            } catch {
                rollBack(
                    database, because: "a batch of \(writes.count) queued writes did not commit (\(error.message))")
                outcome = applyEach()  // autocommit: each write on its own
            }
        } else {
            outcome = applyEach()
        }
        if outcome.failed > 0 {
            log.write(
                "dropped \(outcome.failed) of \(writes.count) queued writes (clicks, device upserts, match audits): "
                    + (outcome.error?.message ?? "unknown error"))
        }
        if database.isInTransaction {
            rollBack(database, because: "a transaction was still open after the queued writes")
        }
        let clicks = writes.reduce(0) { if case .click = $1 { return $0 + 1 } else { return $0 } }
        trim(database, table: "clicks", cap: maxClickRows, inserted: clicks)
        let attempts = writes.reduce(0) { if case .matchAttempt = $1 { return $0 + 1 } else { return $0 } }
        trim(database, table: "match_attempts", cap: Store.maxMatchAttemptRows, inserted: attempts)
        let requests = writes.reduce(0) { if case .matchRequest = $1 { return $0 + 1 } else { return $0 } }
        trim(database, table: "match_requests", cap: maxClickRows, inserted: requests)
    }

    /// Rolls back the open transaction and logs why (call with the database lock held).
    private func rollBack(_ database: SQLiteDatabase, because reason: String) {
        do {
            try database.execute("ROLLBACK;")
            log.write("rolled back: \(reason)")
        } catch {
            log.write("could not roll back (\(error.message)): \(reason)")
        }
    }

    private static func apply(_ write: PendingWrite, to database: SQLiteDatabase) throws(OptoLinkServerError) {
        switch write {
        case .click(let linkId, let source, let ipHash, let fingerprint, let token, let now):
            try insertClick(
                database, linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, token: token,
                now: now)
        case .matchRequest(let input, let ipHash, let now):
            try insertMatchRequest(database, input, ipHash: ipHash, now: now)
        case .device(let orgId, let id, let now):
            try upsertDevice(database, orgId: orgId, id: id, platform: nil, osVersion: nil, deviceModel: nil, now: now)
        case .match(let device, let orgId, let actor, let detail, let now):
            try recordMatch(database, device: device, orgId: orgId, actor: actor, detail: detail, now: now)
        case .pendingClick(let scope, let record):
            try insertPendingClick(database, scope: scope, record: record)
        case .pendingClickMatched(let token, let matchedAt, let expiresAt):
            try markPendingClickMatched(database, token: token, matchedAt: matchedAt, expiresAt: expiresAt)
        case .pendingClicksRemoved(let scope, let linkId):
            try database.query(
                "DELETE FROM pending_clicks WHERE scope = ? AND link_id = ?", [.text(scope), .text(linkId)])
        case .matchAttempt(let entry, let deviceId, let service):
            try insertMatchAttempt(database, entry: entry, deviceId: deviceId, service: service)
        }
    }

    /// Whether a transaction is open on the connection (after the queued writes; tests).
    var isInTransaction: Bool {
        db.withLock {
            applyPending($0)
            return $0.isInTransaction
        }
    }

    /// Makes the connection refuse (`true`) or take writes again (`PRAGMA query_only`; operators and tests).
    func setQueryOnly(_ on: Bool) throws(OptoLinkServerError) {
        try db.withLock { (database: inout SQLiteDatabase) throws(OptoLinkServerError) in
            try database.execute("PRAGMA query_only = \(on ? 1 : 0);")
        }
    }

    /// Queues a write and makes sure a background thread applies it soon; never waits for the database
    /// (event-loop threads queue writes).
    func enqueue(_ write: PendingWrite) {
        let (schedule, now, dropped) = pending.withLock { state -> (Bool, Bool, Int) in
            state.writes.append(write)
            var dropped = 0
            if state.writes.count > Store.maxQueued {
                state.writes.removeFirst(state.writes.count - Store.maxQueued)
                state.dropped += 1
                if state.dropped == 1 || state.dropped % 10_000 == 0 { dropped = state.dropped }
            }
            defer { state.flushScheduled = true }
            return (!state.flushScheduled, state.writes.count > Store.maxPending, dropped)
        }
        if dropped > 0 {
            log.write(
                "the database takes no writes: dropped \(dropped) queued fire-and-forget writes so far (the queue "
                    + "holds \(Store.maxQueued))"
            )
        }
        if now {
            DispatchQueue.global().async { [weak self] in self?.flush() }
        } else if schedule {
            DispatchQueue.global().asyncAfter(deadline: .now() + Store.flushDelay) { [weak self] in self?.flush() }
        }
    }

    /// Runs `body` under the database lock and empties the read cache (for writes to orgs, links, templates).
    func withDatabaseInvalidatingCache<R>(_ body: (SQLiteDatabase) throws(OptoLinkServerError) -> R)
        throws(OptoLinkServerError) -> R
    {
        try withDatabase { (database: SQLiteDatabase) throws(OptoLinkServerError) -> R in
            defer { cache.withLock { $0 = ReadCache() } }
            return try body(database)
        }
    }

    /// What the read cache holds for `read`, if anything (under the cache's own lock, never the database's).
    func cached<T>(_ read: (ReadCache) -> T?) -> T? {
        cache.withLock { read($0) }
    }

    /// Stores a found record in the read cache (call with the database lock held).
    func remember(_ update: (inout ReadCache) -> Void) {
        cache.withLock { cache in
            if cache.count >= ReadCache.limit { cache = ReadCache() }
            update(&cache)
        }
    }
}

import Foundation
import OptoLinkHTTP

/// Everything that survives a restart, in SQLite: orgs, hashed keys, templates, links, device
/// profiles, identity bindings, events, clicks and the audit trail. One connection behind a lock.
///
/// Three things keep the routes the event loops answer themselves (`/data`, the redirect page, `/match`)
/// off the database lock, so a slow write never stalls them (optolink-bench, measures 4a and 8):
/// - Orgs, links, templates and keys found by the lookups are kept in a read cache, filled and emptied
///   under the database lock (so a fill can never outlive a write), and read under the cache's own lock.
/// - Their writes (click tracking, device upserts, the match audit) are queued and applied in one
///   transaction a few milliseconds later by a background thread, on stop, and before any other database
///   access that may wait, so everything read through the store already sees them.
/// - Their reads ask with ``Access/noWait``: on a cache miss while someone holds the database, they throw
///   ``OptoLinkServerError/storageBusy`` at once and the request goes to a storage worker.
final class Store: Sendable {
    /// Whether a read may wait for the database lock.
    enum Access: Sendable {
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
    /// Rows inserted per table since it was last trimmed (``trim(_:table:cap:inserted:)``).
    private let insertedSinceTrim = Locked([String: Int]())
    private let cache = Locked(ReadCache())
    private let pending = Locked(PendingWrites())
    /// HMAC-SHA256 keyed with this database's `ip_hash_secret` (made on first open, kept in `meta`):
    /// what `Backend.ipHash` files click records under. Stable across restarts on a file, fresh for
    /// every in-memory database.
    let ipHashKey: Digest

    /// Found orgs, links, templates and keys (misses are not cached, so unknown codes cannot grow it).
    private struct ReadCache {
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
    private enum PendingWrite {
        case click(linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, now: Date)
        case device(orgId: Int64, id: String, now: Date)
        case match(device: MatchDevice?, orgId: Int64?, actor: String, detail: String, now: Date)
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
    init(
        path: String?, log: ServerLog = .standardError, maxClickRows: Int = 1_000_000,
        maxRecordRows: Int = 1_000_000
    ) throws(OptoLinkServerError) {
        self.log = log
        self.maxClickRows = max(1, maxClickRows)
        self.maxRecordRows = max(1, maxRecordRows)
        let database = try SQLiteDatabase(path: path)
        let version = Int(try database.query("PRAGMA user_version;").first?.first?.int ?? 0)
        guard version <= Schema.currentVersion else {
            throw .startup(
                "database \(path ?? ":memory:") has schema version \(version), newer than this server (\(Schema.currentVersion))"
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
                    "database \(path ?? ":memory:"): meta.ip_hash_secret is \(digits.count / 2) bytes, not \(Digest.length)"
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

    /// Runs `body` under the database lock: waiting for it, after applying every queued write; or, with
    /// `.noWait`, only if nobody holds it (else ``OptoLinkServerError/storageBusy``), leaving the queue.
    @discardableResult
    private func run<R>(_ access: Access = .wait, _ body: (SQLiteDatabase) throws(OptoLinkServerError) -> R)
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

    /// Counts `inserted` rows of a table of client records (`events`, `qr_events`, `qr_installs`) and trims
    /// it to ``maxRecordRows`` when due (call with the database lock held, as ``withDatabase(access:_:)``'s
    /// body is).
    func trimRecords(_ database: SQLiteDatabase, table: String, inserted: Int) {
        trim(database, table: table, cap: maxRecordRows, inserted: inserted)
    }

    /// Counts `inserted` rows of `table` and, every sixteenth of `cap`, deletes the oldest rows past it (by
    /// `rowid`, which grows with each insert), so the table holds at most a sixteenth more than `cap`
    /// meanwhile (call with the database lock held). A failure is logged: nobody waits on the trim.
    private func trim(_ database: SQLiteDatabase, table: String, cap: Int, inserted: Int) {
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

    /// Runs `body` under the database lock, after the queued writes: the emulated services keep their own
    /// tables (`Emulations/`) and their SQL beside them, not in this file. Their routes run on a storage
    /// worker, so they wait (`access` as for the store's own reads).
    func withDatabase<R>(access: Access = .wait, _ body: (SQLiteDatabase) throws(OptoLinkServerError) -> R)
        throws(OptoLinkServerError) -> R
    {
        try run(access, body)
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
        case .click(let linkId, let source, let ipHash, let fingerprint, let now):
            try insertClick(
                database, linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, now: now)
        case .device(let orgId, let id, let now):
            try upsertDevice(database, orgId: orgId, id: id, platform: nil, osVersion: nil, deviceModel: nil, now: now)
        case .match(let device, let orgId, let actor, let detail, let now):
            try recordMatch(database, device: device, orgId: orgId, actor: actor, detail: detail, now: now)
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
    private func enqueue(_ write: PendingWrite) {
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
                "the database takes no writes: dropped \(dropped) queued fire-and-forget writes so far (the queue holds \(Store.maxQueued))"
            )
        }
        if now {
            DispatchQueue.global().async { [weak self] in self?.flush() }
        } else if schedule {
            DispatchQueue.global().asyncAfter(deadline: .now() + Store.flushDelay) { [weak self] in self?.flush() }
        }
    }

    /// Runs `body` under the database lock and empties the read cache (for writes to orgs, links, templates).
    private func runInvalidating<R>(_ body: (SQLiteDatabase) throws(OptoLinkServerError) -> R)
        throws(OptoLinkServerError) -> R
    {
        try run { (database: SQLiteDatabase) throws(OptoLinkServerError) -> R in
            defer { cache.withLock { $0 = ReadCache() } }
            return try body(database)
        }
    }

    /// Stores a found record in the read cache (call with the database lock held).
    private func remember(_ update: (inout ReadCache) -> Void) {
        cache.withLock { cache in
            if cache.count >= ReadCache.limit { cache = ReadCache() }
            update(&cache)
        }
    }

    // MARK: Seed

    /// Inserts what the seed describes and is not there yet.
    func apply(_ seed: ServerSeed, now: Date) throws(OptoLinkServerError) {
        try runInvalidating { db throws(OptoLinkServerError) in
            try db.execute("BEGIN;")
            do throws(OptoLinkServerError) {
                for org in seed.orgs {
                    try db.query(
                        "INSERT OR IGNORE INTO orgs (org_key, name, status, team_id, bundle_id, custom_domain) VALUES (?,?,?,?,?,?)",
                        [
                            .text(org.orgKey), .text(org.name), .text(org.status), SQLValue(org.teamId),
                            SQLValue(org.bundleId),
                            SQLValue(org.customDomain?.lowercased()),
                        ])
                    guard
                        let orgId = try db.query("SELECT id FROM orgs WHERE org_key = ?", [.text(org.orgKey)]).first?[0]
                            .int
                    else { continue }
                    for key in org.keys {
                        try db.query(
                            "INSERT OR IGNORE INTO api_keys (org_id, prefix, key_hash, tier, revoked, expires_at, created_at) VALUES (?,?,?,?,?,?,?)",
                            [
                                .integer(orgId), .text(APIKeyAuthenticator.prefix(of: key.key)),
                                .text(Digest.sha256Hex(key.key)), .text(key.tier),
                                .integer(key.revoked == true ? 1 : 0), SQLValue(key.expiresAt.flatMap(ISOTime.parse)),
                                SQLValue(now),
                            ])
                    }
                    for template in org.templates ?? [] {
                        try db.query(
                            "INSERT OR IGNORE INTO templates (org_id, template_id, params, match_window_hours) VALUES (?,?,?,?)",
                            [
                                .integer(orgId), .text(template.id),
                                .text(JSON.object(template.params ?? [:]).serialized()),
                                SQLValue(template.matchWindowHours),
                            ])
                    }
                    for link in org.links ?? [] {
                        let id = "lnk_" + String(Digest.sha256Hex(org.orgKey + "/" + link.shortCode).prefix(16))
                        try db.query(
                            """
                            INSERT OR IGNORE INTO links (id, org_id, short_code, path, params, template_id, match_window_hours, created_at, updated_at)
                            VALUES (?,?,?,?,?,?,?,?,?)
                            """,
                            [
                                .text(id), .integer(orgId), .text(link.shortCode), .text(link.path),
                                .text(JSON.object(link.params ?? [:]).serialized()), SQLValue(link.template),
                                SQLValue(link.matchWindowHours), SQLValue(now), SQLValue(now),
                            ])
                    }
                }
                try db.execute("COMMIT;")
            } catch {
                try? db.execute("ROLLBACK;")
                throw error
            }
        }
    }

    // MARK: Orgs and keys

    private static let orgColumns = "id, org_key, name, status, team_id, bundle_id, custom_domain"

    private static func org(_ row: [SQLValue]) -> OrgRecord {
        OrgRecord(
            id: row[0].int ?? 0, orgKey: row[1].string ?? "", name: row[2].string ?? "", status: row[3].string ?? "",
            teamId: row[4].string, bundleId: row[5].string, customDomain: row[6].string)
    }

    /// The org with this key (case-sensitive).
    func org(key: String, access: Access = .wait) throws(OptoLinkServerError) -> OrgRecord? {
        if let cached = cache.withLock({ $0.orgsByKey[key] }) { return cached }
        return try run(access) { db throws(OptoLinkServerError) in
            let org = try db.query("SELECT \(Store.orgColumns) FROM orgs WHERE org_key = ?", [.text(key)]).first.map(
                Store.org)
            if let org { remember { $0.orgsByKey[key] = org } }
            return org
        }
    }

    /// The org with this id.
    func org(id: Int64, access: Access = .wait) throws(OptoLinkServerError) -> OrgRecord? {
        if let cached = cache.withLock({ $0.orgsById[id] }) { return cached }
        return try run(access) { db throws(OptoLinkServerError) in
            let org = try db.query("SELECT \(Store.orgColumns) FROM orgs WHERE id = ?", [.integer(id)]).first.map(
                Store.org)
            if let org { remember { $0.orgsById[id] = org } }
            return org
        }
    }

    /// Every org, by id.
    func orgs() throws(OptoLinkServerError) -> [OrgRecord] {
        try run { db throws(OptoLinkServerError) in
            try db.query("SELECT \(Store.orgColumns) FROM orgs ORDER BY id").map(Store.org)
        }
    }

    /// Keys whose stored prefix equals `prefix`.
    func keys(prefix: String, access: Access = .wait) throws(OptoLinkServerError) -> [APIKeyRecord] {
        if let cached = cache.withLock({ $0.keysByPrefix[prefix] }) { return cached }
        return try run(access) { db throws(OptoLinkServerError) in
            let keys = try db.query(
                "SELECT id, org_id, prefix, key_hash, tier, revoked, expires_at, superseded_at FROM api_keys WHERE prefix = ?",
                [.text(prefix)]
            ).map { row in
                APIKeyRecord(
                    id: row[0].int ?? 0, orgId: row[1].int ?? 0, prefix: row[2].string ?? "", hash: row[3].string ?? "",
                    tier: KeyTier(rawValue: row[4].string ?? "") ?? .client, revoked: (row[5].int ?? 0) != 0,
                    expiresAt: row[6].date, supersededAt: row[7].date)
            }
            if !keys.isEmpty { remember { $0.keysByPrefix[prefix] = keys } }
            return keys
        }
    }

    /// Marks a key revoked (tests and operators).
    func revokeKey(hash: String) throws(OptoLinkServerError) {
        try runInvalidating { db throws(OptoLinkServerError) in
            _ = try db.query("UPDATE api_keys SET revoked = 1 WHERE key_hash = ?", [.text(hash)])
        }
    }

    /// Sets when a key was superseded by a regenerated one.
    func supersedeKey(hash: String, at date: Date) throws(OptoLinkServerError) {
        try runInvalidating { db throws(OptoLinkServerError) in
            _ = try db.query("UPDATE api_keys SET superseded_at = ? WHERE key_hash = ?", [SQLValue(date), .text(hash)])
        }
    }

    /// Stores a new key of `tier` for the org and supersedes, now, every live key of that tier that was
    /// not superseded yet (one transaction); returns how many it superseded.
    func regenerateKey(orgId: Int64, tier: KeyTier, rawKey: String, now: Date) throws(OptoLinkServerError) -> Int {
        try runInvalidating { db throws(OptoLinkServerError) in
            try db.execute("BEGIN;")
            do throws(OptoLinkServerError) {
                try db.query(
                    """
                    UPDATE api_keys SET superseded_at = ? WHERE org_id = ? AND tier = ? AND revoked = 0 AND superseded_at IS NULL
                      AND (expires_at IS NULL OR expires_at > ?)
                    """, [SQLValue(now), .integer(orgId), .text(tier.rawValue), SQLValue(now)])
                let superseded = db.changes
                try db.query(
                    "INSERT INTO api_keys (org_id, prefix, key_hash, tier, revoked, expires_at, created_at) VALUES (?,?,?,?,0,NULL,?)",
                    [
                        .integer(orgId), .text(APIKeyAuthenticator.prefix(of: rawKey)), .text(Digest.sha256Hex(rawKey)),
                        .text(tier.rawValue),
                        SQLValue(now),
                    ])
                try db.execute("COMMIT;")
                return superseded
            } catch {
                try? db.execute("ROLLBACK;")
                throw error
            }
        }
    }

    // MARK: Templates and links

    /// A template of an org.
    func template(orgId: Int64, id: String, access: Access = .wait) throws(OptoLinkServerError) -> TemplateRecord? {
        let key = ReadCache.LinkKey(orgId: orgId, name: id)
        if let cached = cache.withLock({ $0.templates[key] }) { return cached }
        return try run(access) { db throws(OptoLinkServerError) in
            let template = try db.query(
                "SELECT params, match_window_hours FROM templates WHERE org_id = ? AND template_id = ?",
                [.integer(orgId), .text(id)]
            ).first.map { row in
                TemplateRecord(
                    orgId: orgId, templateId: id, params: Store.params(row[0]),
                    matchWindowHours: row[1].int.map(Int.init))
            }
            if let template { remember { $0.templates[key] = template } }
            return template
        }
    }

    private static let linkColumns =
        "id, org_id, short_code, path, params, template_id, match_window_hours, created_at, updated_at"

    private static func link(_ row: [SQLValue]) -> LinkRecord {
        LinkRecord(
            id: row[0].string ?? "", orgId: row[1].int ?? 0, shortCode: row[2].string ?? "", path: row[3].string ?? "",
            params: params(row[4]), templateId: row[5].string, matchWindowHours: row[6].int.map(Int.init),
            createdAt: row[7].date ?? Date(timeIntervalSince1970: 0),
            updatedAt: row[8].date ?? Date(timeIntervalSince1970: 0))
    }

    private static func params(_ value: SQLValue) -> [String: JSON] {
        guard let text = value.string, let json = try? JSONParser.parse(Array(text.utf8)) else { return [:] }
        return json.objectValue ?? [:]
    }

    /// A link by org and short code.
    func link(orgId: Int64, shortCode: String, access: Access = .wait) throws(OptoLinkServerError) -> LinkRecord? {
        let key = ReadCache.LinkKey(orgId: orgId, name: shortCode)
        if let cached = cache.withLock({ $0.linksByCode[key] }) { return cached }
        return try run(access) { db throws(OptoLinkServerError) in
            let link = try db.query(
                "SELECT \(Store.linkColumns) FROM links WHERE org_id = ? AND short_code = ?",
                [.integer(orgId), .text(shortCode)]
            ).first.map(Store.link)
            if let link { remember { $0.linksByCode[key] = link } }
            return link
        }
    }

    /// A link by id within an org.
    func link(orgId: Int64, id: String) throws(OptoLinkServerError) -> LinkRecord? {
        try run { db throws(OptoLinkServerError) in
            try db.query(
                "SELECT \(Store.linkColumns) FROM links WHERE org_id = ? AND id = ?", [.integer(orgId), .text(id)]
            ).first.map(Store.link)
        }
    }

    /// All links of an org, oldest first.
    func links(orgId: Int64) throws(OptoLinkServerError) -> [LinkRecord] {
        try run { db throws(OptoLinkServerError) in
            try db.query(
                "SELECT \(Store.linkColumns) FROM links WHERE org_id = ? ORDER BY created_at, id", [.integer(orgId)]
            ).map(Store.link)
        }
    }

    /// Inserts or replaces a link; false when the short code is taken by another link of the org.
    func save(_ link: LinkRecord) throws(OptoLinkServerError) -> Bool {
        try runInvalidating { db throws(OptoLinkServerError) in
            let clash = try db.query(
                "SELECT id FROM links WHERE org_id = ? AND short_code = ? AND id <> ?",
                [.integer(link.orgId), .text(link.shortCode), .text(link.id)])
            guard clash.isEmpty else { return false }
            try db.query(
                """
                INSERT OR REPLACE INTO links (id, org_id, short_code, path, params, template_id, match_window_hours, created_at, updated_at)
                VALUES (?,?,?,?,?,?,?,?,?)
                """,
                [
                    .text(link.id), .integer(link.orgId), .text(link.shortCode), .text(link.path),
                    .text(JSON.object(link.params).serialized()), SQLValue(link.templateId),
                    SQLValue(link.matchWindowHours),
                    SQLValue(link.createdAt), SQLValue(link.updatedAt),
                ])
            return true
        }
    }

    /// Deletes a link; false when there was none.
    func deleteLink(orgId: Int64, id: String) throws(OptoLinkServerError) -> Bool {
        try runInvalidating { db throws(OptoLinkServerError) in
            try db.query("DELETE FROM links WHERE org_id = ? AND id = ?", [.integer(orgId), .text(id)])
            return db.changes > 0
        }
    }

    // MARK: Devices and identity

    /// Creates the org's profile of the device or refreshes its `lastSeenAt` and the fields given.
    @discardableResult
    func upsertDevice(orgId: Int64, id: String, platform: String?, osVersion: String?, deviceModel: String?, now: Date)
        throws(OptoLinkServerError) -> DeviceProfile
    {
        try run { db throws(OptoLinkServerError) in
            try Store.upsertDevice(
                db, orgId: orgId, id: id, platform: platform, osVersion: osVersion, deviceModel: deviceModel, now: now)
            return try Store.device(db, orgId: orgId, id: id)!
        }
    }

    /// What `POST /match` writes, under one database lock: the device upsert (when a deviceId came
    /// along and the org is known: the matched link's, or the `X-API-Key`'s; not read back, the route does
    /// not answer with it), then the audit row. A failing upsert throws before the audit row is written.
    func recordMatch(device: MatchDevice?, orgId: Int64?, actor: String, detail: String, now: Date)
        throws(OptoLinkServerError)
    {
        try run { db throws(OptoLinkServerError) in
            try Store.recordMatch(db, device: device, orgId: orgId, actor: actor, detail: detail, now: now)
        }
    }

    /// ``recordMatch(device:orgId:actor:detail:now:)`` queued (the route answers without waiting for the database).
    func queueMatch(device: MatchDevice?, orgId: Int64?, actor: String, detail: String, now: Date) {
        enqueue(.match(device: device, orgId: orgId, actor: actor, detail: detail, now: now))
    }

    private static func recordMatch(
        _ db: SQLiteDatabase, device: MatchDevice?, orgId: Int64?, actor: String, detail: String,
        now: Date
    ) throws(OptoLinkServerError) {
        if let device, let orgId {
            try Store.upsertDevice(
                db, orgId: orgId, id: device.id, platform: device.platform, osVersion: device.osVersion,
                deviceModel: device.deviceModel, now: now)
        }
        try db.query(
            "INSERT INTO audit (at, actor, org_id, action, detail) VALUES (?,?,?,?,?)",
            [SQLValue(now), .text(actor), orgId.map(SQLValue.integer) ?? .null, .text("match"), .text(detail)])
    }

    /// The `/data?deviceId=` upsert, fire-and-forget: queued, applied in a batch (see the type's notes).
    func queueDeviceUpsert(orgId: Int64, id: String, now: Date) {
        enqueue(.device(orgId: orgId, id: id, now: now))
    }

    private static func upsertDevice(
        _ db: SQLiteDatabase, orgId: Int64, id: String, platform: String?, osVersion: String?,
        deviceModel: String?, now: Date
    ) throws(OptoLinkServerError) {
        try db.query(
            """
            INSERT INTO devices (org_id, device_id, first_seen_at, last_seen_at, platform, os_version, device_model)
            VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6)
            ON CONFLICT(org_id, device_id) DO UPDATE SET last_seen_at = ?3,
              platform = COALESCE(?4, platform), os_version = COALESCE(?5, os_version), device_model = COALESCE(?6, device_model)
            """,
            [.integer(orgId), .text(id), SQLValue(now), SQLValue(platform), SQLValue(osVersion), SQLValue(deviceModel)])
    }

    /// The org's profile of the device, if that org ever saw it.
    func device(orgId: Int64, id: String) throws(OptoLinkServerError) -> DeviceProfile? {
        try run { db throws(OptoLinkServerError) in try Store.device(db, orgId: orgId, id: id) }
    }

    private static func device(_ db: SQLiteDatabase, orgId: Int64, id: String) throws(OptoLinkServerError)
        -> DeviceProfile?
    {
        try db.query(
            """
            SELECT device_id, org_id, first_seen_at, last_seen_at, platform, os_version, device_model FROM devices
            WHERE org_id = ? AND device_id = ?
            """, [.integer(orgId), .text(id)]
        ).first.map { row in
            DeviceProfile(
                deviceId: row[0].string ?? id, orgId: row[1].int ?? orgId, firstSeenAt: row[2].date ?? Date(),
                lastSeenAt: row[3].date ?? Date(),
                platform: row[4].string, osVersion: row[5].string, deviceModel: row[6].string)
        }
    }

    /// Binds the device to `externalId`: an open binding to the same id is kept, another one is closed.
    func bind(orgId: Int64, deviceId: String, externalId: String, now: Date) throws(OptoLinkServerError)
        -> IdentityBinding
    {
        try run { db throws(OptoLinkServerError) in
            if let open = try Store.openBinding(db, orgId: orgId, deviceId: deviceId) {
                if open.externalId == externalId { return open }
                try db.query(
                    "UPDATE identity_bindings SET unbound_at = ? WHERE org_id = ? AND device_id = ? AND unbound_at IS NULL",
                    [SQLValue(now), .integer(orgId), .text(deviceId)])
            }
            try db.query(
                "INSERT INTO identity_bindings (org_id, device_id, external_id, bound_at) VALUES (?,?,?,?)",
                [.integer(orgId), .text(deviceId), .text(externalId), SQLValue(now)])
            return IdentityBinding(orgId: orgId, deviceId: deviceId, externalId: externalId, boundAt: now)
        }
    }

    /// Closes the open binding, if any; returns it.
    @discardableResult
    func unbind(orgId: Int64, deviceId: String, now: Date) throws(OptoLinkServerError) -> IdentityBinding? {
        try run { db throws(OptoLinkServerError) in
            guard var open = try Store.openBinding(db, orgId: orgId, deviceId: deviceId) else { return nil }
            try db.query(
                "UPDATE identity_bindings SET unbound_at = ? WHERE org_id = ? AND device_id = ? AND unbound_at IS NULL",
                [SQLValue(now), .integer(orgId), .text(deviceId)])
            open.unboundAt = now
            return open
        }
    }

    /// The open binding of a device, if any.
    func openBinding(orgId: Int64, deviceId: String) throws(OptoLinkServerError) -> IdentityBinding? {
        try run { db throws(OptoLinkServerError) in try Store.openBinding(db, orgId: orgId, deviceId: deviceId) }
    }

    private static func openBinding(_ db: SQLiteDatabase, orgId: Int64, deviceId: String) throws(OptoLinkServerError)
        -> IdentityBinding?
    {
        try db.query(
            "SELECT external_id, bound_at FROM identity_bindings WHERE org_id = ? AND device_id = ? AND unbound_at IS NULL ORDER BY id DESC LIMIT 1",
            [.integer(orgId), .text(deviceId)]
        ).first.map { row in
            IdentityBinding(
                orgId: orgId, deviceId: deviceId, externalId: row[0].string ?? "", boundAt: row[1].date ?? Date())
        }
    }

    // MARK: Events, clicks, audit

    /// Records an app event.
    func insertEvent(orgId: Int64, deviceId: String, name: String, properties: [String: JSON]?, now: Date)
        throws(OptoLinkServerError)
    {
        try run { db throws(OptoLinkServerError) in
            try db.query(
                "INSERT INTO events (org_id, device_id, name, properties, at) VALUES (?,?,?,?,?)",
                [
                    .integer(orgId), .text(deviceId), .text(name),
                    SQLValue(properties.map { JSON.object($0).serialized() }), SQLValue(now),
                ])
            trimRecords(db, table: "events", inserted: 1)
        }
    }

    /// Number of events an org recorded for a device.
    func eventCount(orgId: Int64, deviceId: String) throws(OptoLinkServerError) -> Int {
        try run { db throws(OptoLinkServerError) in
            Int(
                try db.query(
                    "SELECT COUNT(*) FROM events WHERE org_id = ? AND device_id = ?",
                    [.integer(orgId), .text(deviceId)]
                ).first?.first?.int ?? 0)
        }
    }

    /// Records a click (analytics; the match record lives in memory).
    func insertClick(linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, now: Date)
        throws(OptoLinkServerError)
    {
        try run { db throws(OptoLinkServerError) in
            try Store.insertClick(
                db, linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, now: now)
            trim(db, table: "clicks", cap: maxClickRows, inserted: 1)
        }
    }

    /// The `/data` click-track, fire-and-forget: queued, applied in a batch (see the type's notes).
    func queueClick(linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, now: Date) {
        enqueue(.click(linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, now: now))
    }

    private static func insertClick(
        _ db: SQLiteDatabase, linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint,
        now: Date
    ) throws(OptoLinkServerError) {
        try db.query(
            "INSERT INTO clicks (link_id, source, ip_hash, platform, os_version, language, at) VALUES (?,?,?,?,?,?,?)",
            [
                .text(linkId), .text(source), .text(ipHash), SQLValue(fingerprint.platform),
                SQLValue(fingerprint.osVersion),
                SQLValue(fingerprint.language), SQLValue(now),
            ])
    }

    /// Number of clicks recorded for a link.
    func clickCount(linkId: String) throws(OptoLinkServerError) -> Int {
        try run { db throws(OptoLinkServerError) in
            Int(try db.query("SELECT COUNT(*) FROM clicks WHERE link_id = ?", [.text(linkId)]).first?.first?.int ?? 0)
        }
    }

    /// Rows of the clicks table.
    func clickRowCount() throws(OptoLinkServerError) -> Int {
        try run { db throws(OptoLinkServerError) in
            Int(try db.query("SELECT COUNT(*) FROM clicks").first?.first?.int ?? 0)
        }
    }

    /// Appends to the audit trail. `actor` never holds a raw key (only `sdk:<first 8>` style prefixes).
    func audit(actor: String, orgId: Int64?, action: String, detail: String, now: Date) throws(OptoLinkServerError) {
        try run { db throws(OptoLinkServerError) in
            try db.query(
                "INSERT INTO audit (at, actor, org_id, action, detail) VALUES (?,?,?,?,?)",
                [SQLValue(now), .text(actor), orgId.map(SQLValue.integer) ?? .null, .text(action), .text(detail)])
        }
    }

    /// The newest audit rows (actor, orgId, action, detail), newest first.
    func auditTrail(limit: Int) throws(OptoLinkServerError) -> [(
        actor: String, orgId: Int64?, action: String, detail: String
    )] {
        try run { db throws(OptoLinkServerError) in
            try db.query(
                "SELECT actor, org_id, action, detail FROM audit ORDER BY id DESC LIMIT ?", [.integer(Int64(limit))]
            ).map { row in
                (row[0].string ?? "", row[1].int, row[2].string ?? "", row[3].string ?? "")
            }
        }
    }
}

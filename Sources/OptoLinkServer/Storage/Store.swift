import Foundation

/// Everything that survives a restart, in SQLite: orgs, hashed keys, templates, links, device
/// profiles, identity bindings, events, clicks and the audit trail. One connection behind a lock.
///
/// Two things keep `GET /:orgKey/:shortCode/data` off the database lock (optolink-bench, measure 4a):
/// - Orgs, links and templates found by the public lookups are kept in a read cache, filled and emptied
///   under the database lock (so a fill can never outlive a write), and read under the cache's own lock.
/// - The fire-and-forget writes of `/data` (click tracking, device upsert) are queued and applied in one
///   transaction a few milliseconds later, on stop, when too many are waiting, and before any other
///   database access, so everything read through the store already sees them.
final class Store: Sendable {
    private let db: Locked<SQLiteDatabase>
    private let cache = Locked(ReadCache())
    private let pending = Locked(PendingWrites())
    /// HMAC-SHA256 keyed with this database's `ip_hash_secret` (made on first open, kept in `meta`):
    /// what `Backend.ipHash` files click records under. Stable across restarts on a file, fresh for
    /// every in-memory database.
    let ipHashKey: Digest

    /// Found orgs, links and templates (misses are not cached, so unknown codes cannot grow it).
    private struct ReadCache {
        var orgsByKey: [String: OrgRecord] = [:]
        var linksByCode: [LinkKey: LinkRecord] = [:]
        var templates: [LinkKey: TemplateRecord] = [:]
        struct LinkKey: Hashable { var orgId: Int64; var name: String }
        /// Past this many entries the cache is emptied (bounded memory).
        static let limit = 4096
        var count: Int { orgsByKey.count + linksByCode.count + templates.count }
    }

    /// A queued fire-and-forget write.
    private enum PendingWrite {
        case click(linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, now: Date)
        case device(id: String, orgId: Int64?, now: Date)
    }

    private struct PendingWrites {
        var writes: [PendingWrite] = []
        var flushScheduled = false
    }

    /// Queued writes are applied after at most this long.
    static let flushDelay: DispatchTimeInterval = .milliseconds(5)
    /// More queued writes than this are applied at once by the thread that queues the next one.
    static let maxPending = 512

    /// Opens (and migrates) the database at `path`, or an in-memory one when nil.
    init(path: String?) throws(OptoLinkServerError) {
        let database = try SQLiteDatabase(path: path)
        let version = Int(try database.query("PRAGMA user_version;").first?.first?.int ?? 0)
        guard version <= Schema.currentVersion else {
            throw .startup("database \(path ?? ":memory:") has schema version \(version), newer than this server (\(Schema.currentVersion))")
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
            guard let hex = try database.query("SELECT hex(value) FROM meta WHERE key = 'ip_hash_secret'").first?.first?.string else { return nil }
            let digits = Array(hex.utf8)
            guard digits.count == 2 * Digest.length else {
                throw .startup("database \(path ?? ":memory:"): meta.ip_hash_secret is \(digits.count / 2) bytes, not \(Digest.length)")
            }
            return (0..<Digest.length).map { UInt8(String(decoding: digits[2 * $0...2 * $0 + 1], as: UTF8.self), radix: 16)! }
        }
        if let secret = try stored() { return secret }
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<Digest.length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        // A blob literal of hex digits made here (SQLValue binds no blobs).
        try database.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('ip_hash_secret', X'\(RandomToken.hex(fresh))');")
        guard let secret = try stored() else { throw .startup("database \(path ?? ":memory:"): cannot store meta.ip_hash_secret") }
        return secret
    }

    deinit { flush() }

    /// Runs `body` under the database lock, after applying every queued write.
    @discardableResult
    private func run<R>(_ body: (SQLiteDatabase) throws(OptoLinkServerError) -> R) throws(OptoLinkServerError) -> R {
        try db.withLock { (database: inout SQLiteDatabase) throws(OptoLinkServerError) -> R in
            applyPending(database)
            return try body(database)
        }
    }

    /// Runs `body` under the database lock, after the queued writes: the emulated services keep their own
    /// tables (`Emulations/`) and their SQL beside them, not in this file.
    func withDatabase<R>(_ body: (SQLiteDatabase) throws(OptoLinkServerError) -> R) throws(OptoLinkServerError) -> R {
        try run(body)
    }

    /// Applies every queued write now (stop, tests).
    func flush() {
        db.withLock { applyPending($0) }
    }

    /// Applies the queued writes in one transaction (call with the database lock held). A failing write
    /// is dropped (they are fire-and-forget, as in the contract), the others still apply.
    private func applyPending(_ database: SQLiteDatabase) {
        let writes = pending.withLock { state -> [PendingWrite] in
            defer { state.writes = []; state.flushScheduled = false }
            return state.writes
        }
        guard !writes.isEmpty else { return }
        let transaction = writes.count > 1 && (try? database.execute("BEGIN;")) != nil
        for write in writes {
            switch write {
            case let .click(linkId, source, ipHash, fingerprint, now):
                try? Store.insertClick(database, linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, now: now)
            case let .device(id, orgId, now):
                try? Store.upsertDevice(database, id: id, orgId: orgId, platform: nil, osVersion: nil, deviceModel: nil, now: now)
            }
        }
        if transaction { try? database.execute("COMMIT;") }
    }

    /// Queues a fire-and-forget write and makes sure it is applied soon.
    private func enqueue(_ write: PendingWrite) {
        let (schedule, full) = pending.withLock { state -> (Bool, Bool) in
            state.writes.append(write)
            defer { state.flushScheduled = true }
            return (!state.flushScheduled, state.writes.count > Store.maxPending)
        }
        if full { flush() }
        if schedule {
            DispatchQueue.global().asyncAfter(deadline: .now() + Store.flushDelay) { [weak self] in self?.flush() }
        }
    }

    /// Runs `body` under the database lock and empties the read cache (for writes to orgs, links, templates).
    private func runInvalidating<R>(_ body: (SQLiteDatabase) throws(OptoLinkServerError) -> R) throws(OptoLinkServerError) -> R {
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
                    try db.query("INSERT OR IGNORE INTO orgs (org_key, name, status, team_id, bundle_id, custom_domain) VALUES (?,?,?,?,?,?)",
                                 [.text(org.orgKey), .text(org.name), .text(org.status), SQLValue(org.teamId), SQLValue(org.bundleId),
                                  SQLValue(org.customDomain?.lowercased())])
                    guard let orgId = try db.query("SELECT id FROM orgs WHERE org_key = ?", [.text(org.orgKey)]).first?[0].int else { continue }
                    for key in org.keys {
                        try db.query("INSERT OR IGNORE INTO api_keys (org_id, prefix, key_hash, tier, revoked, expires_at, created_at) VALUES (?,?,?,?,?,?,?)",
                                     [.integer(orgId), .text(APIKeyAuthenticator.prefix(of: key.key)), .text(Digest.sha256Hex(key.key)), .text(key.tier),
                                      .integer(key.revoked == true ? 1 : 0), SQLValue(key.expiresAt.flatMap(ISOTime.parse)), SQLValue(now)])
                    }
                    for template in org.templates ?? [] {
                        try db.query("INSERT OR IGNORE INTO templates (org_id, template_id, params, match_window_hours) VALUES (?,?,?,?)",
                                     [.integer(orgId), .text(template.id), .text(JSON.object(template.params ?? [:]).serialized()),
                                      SQLValue(template.matchWindowHours)])
                    }
                    for link in org.links ?? [] {
                        let id = "lnk_" + String(Digest.sha256Hex(org.orgKey + "/" + link.shortCode).prefix(16))
                        try db.query("""
                            INSERT OR IGNORE INTO links (id, org_id, short_code, path, params, template_id, match_window_hours, created_at, updated_at)
                            VALUES (?,?,?,?,?,?,?,?,?)
                            """, [.text(id), .integer(orgId), .text(link.shortCode), .text(link.path),
                                  .text(JSON.object(link.params ?? [:]).serialized()), SQLValue(link.template),
                                  SQLValue(link.matchWindowHours), SQLValue(now), SQLValue(now)])
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
        OrgRecord(id: row[0].int ?? 0, orgKey: row[1].string ?? "", name: row[2].string ?? "", status: row[3].string ?? "",
                  teamId: row[4].string, bundleId: row[5].string, customDomain: row[6].string)
    }

    /// The org with this key (case-sensitive).
    func org(key: String) throws(OptoLinkServerError) -> OrgRecord? {
        if let cached = cache.withLock({ $0.orgsByKey[key] }) { return cached }
        return try run { db throws(OptoLinkServerError) in
            let org = try db.query("SELECT \(Store.orgColumns) FROM orgs WHERE org_key = ?", [.text(key)]).first.map(Store.org)
            if let org { remember { $0.orgsByKey[key] = org } }
            return org
        }
    }

    /// The org with this id.
    func org(id: Int64) throws(OptoLinkServerError) -> OrgRecord? {
        try run { db throws(OptoLinkServerError) in
            try db.query("SELECT \(Store.orgColumns) FROM orgs WHERE id = ?", [.integer(id)]).first.map(Store.org)
        }
    }

    /// Every org, by id.
    func orgs() throws(OptoLinkServerError) -> [OrgRecord] {
        try run { db throws(OptoLinkServerError) in try db.query("SELECT \(Store.orgColumns) FROM orgs ORDER BY id").map(Store.org) }
    }

    /// Keys whose stored prefix equals `prefix`.
    func keys(prefix: String) throws(OptoLinkServerError) -> [APIKeyRecord] {
        try run { db throws(OptoLinkServerError) in
            try db.query("SELECT id, org_id, prefix, key_hash, tier, revoked, expires_at, superseded_at FROM api_keys WHERE prefix = ?",
                         [.text(prefix)]).map { row in
                APIKeyRecord(id: row[0].int ?? 0, orgId: row[1].int ?? 0, prefix: row[2].string ?? "", hash: row[3].string ?? "",
                             tier: KeyTier(rawValue: row[4].string ?? "") ?? .client, revoked: (row[5].int ?? 0) != 0,
                             expiresAt: row[6].date, supersededAt: row[7].date)
            }
        }
    }

    /// Marks a key revoked (tests and operators).
    func revokeKey(hash: String) throws(OptoLinkServerError) {
        try run { db throws(OptoLinkServerError) in try db.query("UPDATE api_keys SET revoked = 1 WHERE key_hash = ?", [.text(hash)]) }
    }

    /// Sets when a key was superseded by a regenerated one.
    func supersedeKey(hash: String, at date: Date) throws(OptoLinkServerError) {
        try run { db throws(OptoLinkServerError) in try db.query("UPDATE api_keys SET superseded_at = ? WHERE key_hash = ?", [SQLValue(date), .text(hash)]) }
    }

    // MARK: Templates and links

    /// A template of an org.
    func template(orgId: Int64, id: String) throws(OptoLinkServerError) -> TemplateRecord? {
        let key = ReadCache.LinkKey(orgId: orgId, name: id)
        if let cached = cache.withLock({ $0.templates[key] }) { return cached }
        return try run { db throws(OptoLinkServerError) in
            let template = try db.query("SELECT params, match_window_hours FROM templates WHERE org_id = ? AND template_id = ?",
                                        [.integer(orgId), .text(id)]).first.map { row in
                TemplateRecord(orgId: orgId, templateId: id, params: Store.params(row[0]), matchWindowHours: row[1].int.map(Int.init))
            }
            if let template { remember { $0.templates[key] = template } }
            return template
        }
    }

    private static let linkColumns = "id, org_id, short_code, path, params, template_id, match_window_hours, created_at, updated_at"

    private static func link(_ row: [SQLValue]) -> LinkRecord {
        LinkRecord(id: row[0].string ?? "", orgId: row[1].int ?? 0, shortCode: row[2].string ?? "", path: row[3].string ?? "",
                   params: params(row[4]), templateId: row[5].string, matchWindowHours: row[6].int.map(Int.init),
                   createdAt: row[7].date ?? Date(timeIntervalSince1970: 0), updatedAt: row[8].date ?? Date(timeIntervalSince1970: 0))
    }

    private static func params(_ value: SQLValue) -> [String: JSON] {
        guard let text = value.string, let json = try? JSONParser.parse(Array(text.utf8)) else { return [:] }
        return json.objectValue ?? [:]
    }

    /// A link by org and short code.
    func link(orgId: Int64, shortCode: String) throws(OptoLinkServerError) -> LinkRecord? {
        let key = ReadCache.LinkKey(orgId: orgId, name: shortCode)
        if let cached = cache.withLock({ $0.linksByCode[key] }) { return cached }
        return try run { db throws(OptoLinkServerError) in
            let link = try db.query("SELECT \(Store.linkColumns) FROM links WHERE org_id = ? AND short_code = ?",
                                    [.integer(orgId), .text(shortCode)]).first.map(Store.link)
            if let link { remember { $0.linksByCode[key] = link } }
            return link
        }
    }

    /// A link by id within an org.
    func link(orgId: Int64, id: String) throws(OptoLinkServerError) -> LinkRecord? {
        try run { db throws(OptoLinkServerError) in
            try db.query("SELECT \(Store.linkColumns) FROM links WHERE org_id = ? AND id = ?", [.integer(orgId), .text(id)]).first.map(Store.link)
        }
    }

    /// All links of an org, oldest first.
    func links(orgId: Int64) throws(OptoLinkServerError) -> [LinkRecord] {
        try run { db throws(OptoLinkServerError) in
            try db.query("SELECT \(Store.linkColumns) FROM links WHERE org_id = ? ORDER BY created_at, id", [.integer(orgId)]).map(Store.link)
        }
    }

    /// Inserts or replaces a link; false when the short code is taken by another link of the org.
    func save(_ link: LinkRecord) throws(OptoLinkServerError) -> Bool {
        try runInvalidating { db throws(OptoLinkServerError) in
            let clash = try db.query("SELECT id FROM links WHERE org_id = ? AND short_code = ? AND id <> ?",
                                     [.integer(link.orgId), .text(link.shortCode), .text(link.id)])
            guard clash.isEmpty else { return false }
            try db.query("""
                INSERT OR REPLACE INTO links (id, org_id, short_code, path, params, template_id, match_window_hours, created_at, updated_at)
                VALUES (?,?,?,?,?,?,?,?,?)
                """, [.text(link.id), .integer(link.orgId), .text(link.shortCode), .text(link.path),
                      .text(JSON.object(link.params).serialized()), SQLValue(link.templateId), SQLValue(link.matchWindowHours),
                      SQLValue(link.createdAt), SQLValue(link.updatedAt)])
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

    /// Creates the device profile or refreshes `lastSeenAt` and the fields given.
    @discardableResult
    func upsertDevice(id: String, orgId: Int64?, platform: String?, osVersion: String?, deviceModel: String?, now: Date) throws(OptoLinkServerError) -> DeviceProfile {
        try run { db throws(OptoLinkServerError) in
            try Store.upsertDevice(db, id: id, orgId: orgId, platform: platform, osVersion: osVersion, deviceModel: deviceModel, now: now)
            return try Store.device(db, id: id)!
        }
    }

    /// What `POST /match` writes, under one database lock: the device upsert (when a deviceId came
    /// along; not read back, the route does not answer with it), then the audit row. A failing upsert
    /// throws before the audit row is written, as two separate calls did.
    func recordMatch(device: (id: String, platform: String?, osVersion: String?, deviceModel: String?)?, orgId: Int64?,
                     actor: String, detail: String, now: Date) throws(OptoLinkServerError) {
        try run { db throws(OptoLinkServerError) in
            if let device {
                try Store.upsertDevice(db, id: device.id, orgId: orgId, platform: device.platform, osVersion: device.osVersion,
                                       deviceModel: device.deviceModel, now: now)
            }
            try db.query("INSERT INTO audit (at, actor, org_id, action, detail) VALUES (?,?,?,?,?)",
                         [SQLValue(now), .text(actor), orgId.map(SQLValue.integer) ?? .null, .text("match"), .text(detail)])
        }
    }

    /// The `/data?deviceId=` upsert, fire-and-forget: queued, applied in a batch (see the type's notes).
    func queueDeviceUpsert(id: String, orgId: Int64?, now: Date) {
        enqueue(.device(id: id, orgId: orgId, now: now))
    }

    private static func upsertDevice(_ db: SQLiteDatabase, id: String, orgId: Int64?, platform: String?, osVersion: String?,
                                     deviceModel: String?, now: Date) throws(OptoLinkServerError) {
        try db.query("""
            INSERT INTO devices (device_id, org_id, first_seen_at, last_seen_at, platform, os_version, device_model)
            VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6)
            ON CONFLICT(device_id) DO UPDATE SET last_seen_at = ?3, org_id = COALESCE(?2, org_id),
              platform = COALESCE(?4, platform), os_version = COALESCE(?5, os_version), device_model = COALESCE(?6, device_model)
            """, [.text(id), orgId.map(SQLValue.integer) ?? .null, SQLValue(now), SQLValue(platform), SQLValue(osVersion), SQLValue(deviceModel)])
    }

    /// The device profile, if the device was ever seen.
    func device(id: String) throws(OptoLinkServerError) -> DeviceProfile? {
        try run { db throws(OptoLinkServerError) in try Store.device(db, id: id) }
    }

    private static func device(_ db: SQLiteDatabase, id: String) throws(OptoLinkServerError) -> DeviceProfile? {
        try db.query("SELECT device_id, org_id, first_seen_at, last_seen_at, platform, os_version, device_model FROM devices WHERE device_id = ?",
                     [.text(id)]).first.map { row in
            DeviceProfile(deviceId: row[0].string ?? id, orgId: row[1].int, firstSeenAt: row[2].date ?? Date(), lastSeenAt: row[3].date ?? Date(),
                          platform: row[4].string, osVersion: row[5].string, deviceModel: row[6].string)
        }
    }

    /// Binds the device to `externalId`: an open binding to the same id is kept, another one is closed.
    func bind(orgId: Int64, deviceId: String, externalId: String, now: Date) throws(OptoLinkServerError) -> IdentityBinding {
        try run { db throws(OptoLinkServerError) in
            if let open = try Store.openBinding(db, orgId: orgId, deviceId: deviceId) {
                if open.externalId == externalId { return open }
                try db.query("UPDATE identity_bindings SET unbound_at = ? WHERE org_id = ? AND device_id = ? AND unbound_at IS NULL",
                             [SQLValue(now), .integer(orgId), .text(deviceId)])
            }
            try db.query("INSERT INTO identity_bindings (org_id, device_id, external_id, bound_at) VALUES (?,?,?,?)",
                         [.integer(orgId), .text(deviceId), .text(externalId), SQLValue(now)])
            return IdentityBinding(orgId: orgId, deviceId: deviceId, externalId: externalId, boundAt: now)
        }
    }

    /// Closes the open binding, if any; returns it.
    @discardableResult
    func unbind(orgId: Int64, deviceId: String, now: Date) throws(OptoLinkServerError) -> IdentityBinding? {
        try run { db throws(OptoLinkServerError) in
            guard var open = try Store.openBinding(db, orgId: orgId, deviceId: deviceId) else { return nil }
            try db.query("UPDATE identity_bindings SET unbound_at = ? WHERE org_id = ? AND device_id = ? AND unbound_at IS NULL",
                         [SQLValue(now), .integer(orgId), .text(deviceId)])
            open.unboundAt = now
            return open
        }
    }

    /// The open binding of a device, if any.
    func openBinding(orgId: Int64, deviceId: String) throws(OptoLinkServerError) -> IdentityBinding? {
        try run { db throws(OptoLinkServerError) in try Store.openBinding(db, orgId: orgId, deviceId: deviceId) }
    }

    private static func openBinding(_ db: SQLiteDatabase, orgId: Int64, deviceId: String) throws(OptoLinkServerError) -> IdentityBinding? {
        try db.query("SELECT external_id, bound_at FROM identity_bindings WHERE org_id = ? AND device_id = ? AND unbound_at IS NULL ORDER BY id DESC LIMIT 1",
                     [.integer(orgId), .text(deviceId)]).first.map { row in
            IdentityBinding(orgId: orgId, deviceId: deviceId, externalId: row[0].string ?? "", boundAt: row[1].date ?? Date())
        }
    }

    // MARK: Events, clicks, audit

    /// Records an app event.
    func insertEvent(orgId: Int64, deviceId: String, name: String, properties: [String: JSON]?, now: Date) throws(OptoLinkServerError) {
        try run { db throws(OptoLinkServerError) in
            try db.query("INSERT INTO events (org_id, device_id, name, properties, at) VALUES (?,?,?,?,?)",
                         [.integer(orgId), .text(deviceId), .text(name), SQLValue(properties.map { JSON.object($0).serialized() }), SQLValue(now)])
        }
    }

    /// Number of events recorded for a device.
    func eventCount(deviceId: String) throws(OptoLinkServerError) -> Int {
        try run { db throws(OptoLinkServerError) in
            Int(try db.query("SELECT COUNT(*) FROM events WHERE device_id = ?", [.text(deviceId)]).first?.first?.int ?? 0)
        }
    }

    /// Records a click (analytics; the match record lives in memory).
    func insertClick(linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, now: Date) throws(OptoLinkServerError) {
        try run { db throws(OptoLinkServerError) in
            try Store.insertClick(db, linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, now: now)
        }
    }

    /// The `/data` click-track, fire-and-forget: queued, applied in a batch (see the type's notes).
    func queueClick(linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, now: Date) {
        enqueue(.click(linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, now: now))
    }

    private static func insertClick(_ db: SQLiteDatabase, linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint,
                                    now: Date) throws(OptoLinkServerError) {
        try db.query("INSERT INTO clicks (link_id, source, ip_hash, platform, os_version, language, at) VALUES (?,?,?,?,?,?,?)",
                     [.text(linkId), .text(source), .text(ipHash), SQLValue(fingerprint.platform), SQLValue(fingerprint.osVersion),
                      SQLValue(fingerprint.language), SQLValue(now)])
    }

    /// Number of clicks recorded for a link.
    func clickCount(linkId: String) throws(OptoLinkServerError) -> Int {
        try run { db throws(OptoLinkServerError) in
            Int(try db.query("SELECT COUNT(*) FROM clicks WHERE link_id = ?", [.text(linkId)]).first?.first?.int ?? 0)
        }
    }

    /// Appends to the audit trail. `actor` never holds a raw key (only `sdk:<first 8>` style prefixes).
    func audit(actor: String, orgId: Int64?, action: String, detail: String, now: Date) throws(OptoLinkServerError) {
        try run { db throws(OptoLinkServerError) in
            try db.query("INSERT INTO audit (at, actor, org_id, action, detail) VALUES (?,?,?,?,?)",
                         [SQLValue(now), .text(actor), orgId.map(SQLValue.integer) ?? .null, .text(action), .text(detail)])
        }
    }

    /// The newest audit rows (actor, orgId, action, detail), newest first.
    func auditTrail(limit: Int) throws(OptoLinkServerError) -> [(actor: String, orgId: Int64?, action: String, detail: String)] {
        try run { db throws(OptoLinkServerError) in
            try db.query("SELECT actor, org_id, action, detail FROM audit ORDER BY id DESC LIMIT ?", [.integer(Int64(limit))]).map { row in
                (row[0].string ?? "", row[1].int, row[2].string ?? "", row[3].string ?? "")
            }
        }
    }
}

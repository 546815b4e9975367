import Foundation

/// The `audit` table, and what `POST /match` writes: the device upsert and its audit row.
extension Store {
    /// Appends to the audit trail. `actor` never holds a raw key (only `sdk:<first 8>` style prefixes).
    func audit(actor: String, orgId: Int64?, action: String, detail: String, now: Date) throws(OptoLinkServerError) {
        try withDatabase { db throws(OptoLinkServerError) in
            try Store.insertAudit(db, actor: actor, orgId: orgId, action: action, detail: detail, now: now)
        }
    }

    /// The insert itself (call with the database lock held).
    private static func insertAudit(
        _ db: SQLiteDatabase, actor: String, orgId: Int64?, action: String, detail: String, now: Date
    ) throws(OptoLinkServerError) {
        try db.query(
            "INSERT INTO audit (at, actor, org_id, action, detail) VALUES (?,?,?,?,?)",
            [SQLValue(now), .text(actor), orgId.map(SQLValue.integer) ?? .null, .text(action), .text(detail)])
    }

    /// The newest audit rows (actor, orgId, action, detail), newest first.
    func auditTrail(limit: Int) throws(OptoLinkServerError) -> [(
        actor: String, orgId: Int64?, action: String, detail: String
    )] {
        try withDatabase { db throws(OptoLinkServerError) in
            try db.query(
                "SELECT actor, org_id, action, detail FROM audit ORDER BY id DESC LIMIT ?", [.integer(Int64(limit))]
            ).map { row in
                (row[0].string ?? "", row[1].int, row[2].string ?? "", row[3].string ?? "")
            }
        }
    }

    /// What `POST /match` writes, under one database lock: the device upsert (when a deviceId came
    /// along and the org is known: the matched link's, or the `X-API-Key`'s; not read back, the route does
    /// not answer with it), then the audit row. A failing upsert throws before the audit row is written.
    func recordMatch(device: MatchDevice?, orgId: Int64?, actor: String, detail: String, now: Date)
        throws(OptoLinkServerError)
    {
        try withDatabase { db throws(OptoLinkServerError) in
            try Store.recordMatch(db, device: device, orgId: orgId, actor: actor, detail: detail, now: now)
        }
    }

    /// ``recordMatch(device:orgId:actor:detail:now:)`` queued (the route answers without waiting for the database).
    func queueMatch(device: MatchDevice?, orgId: Int64?, actor: String, detail: String, now: Date) {
        enqueue(.match(device: device, orgId: orgId, actor: actor, detail: detail, now: now))
    }

    /// The match's writes themselves (call with the database lock held): the queued ones apply through it too.
    static func recordMatch(
        _ db: SQLiteDatabase, device: MatchDevice?, orgId: Int64?, actor: String, detail: String,
        now: Date
    ) throws(OptoLinkServerError) {
        if let device, let orgId {
            try Store.upsertDevice(
                db, orgId: orgId, id: device.id, platform: device.platform, osVersion: device.osVersion,
                deviceModel: device.deviceModel, now: now)
        }
        try insertAudit(db, actor: actor, orgId: orgId, action: "match", detail: detail, now: now)
    }
}

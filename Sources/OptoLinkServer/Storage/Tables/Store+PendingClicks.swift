import Foundation

/// The `pending_clicks` table: the clicks a match engine waits on, kept for a server on a database file so
/// a restart does not forget them (``MatchJournal``). The engines match in memory; this table is only
/// written behind them and read when they start.
extension Store {
    /// The insert (call with the database lock held).
    static func insertPendingClick(_ db: SQLiteDatabase, scope: String, record: MatchRecord)
        throws(OptoLinkServerError)
    {
        let print = record.fingerprint
        try db.query(
            """
            INSERT OR REPLACE INTO pending_clicks (token, scope, org_id, link_id, short_code, path, params, ip_hash,
                platform, os_version, device_model, language, timezone, recorded_at, expires_at, matched_at)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """,
            [
                .text(record.token), .text(scope), .integer(record.orgId), .text(record.linkId),
                .text(record.shortCode), .text(record.path), .text(JSON.object(record.params).serialized()),
                .text(record.ipHash), SQLValue(print.platform), SQLValue(print.osVersion), SQLValue(print.deviceModel),
                SQLValue(print.language), SQLValue(print.timezone), SQLValue(record.recordedAt),
                SQLValue(record.expiresAt), SQLValue(record.matchedAt),
            ])
    }

    /// A pending click matched (call with the database lock held).
    static func markPendingClickMatched(_ db: SQLiteDatabase, token: String, matchedAt: Date, expiresAt: Date)
        throws(OptoLinkServerError)
    {
        try db.query(
            "UPDATE pending_clicks SET matched_at = ?, expires_at = ? WHERE token = ?",
            [SQLValue(matchedAt), SQLValue(expiresAt), .text(token)])
    }

    /// The clicks `scope`'s engine still waits on at `now`, oldest first; the expired ones are deleted. A row
    /// that cannot be read back is skipped and logged (the engine starts without it).
    func pendingClicks(scope: String, now: Date) throws(OptoLinkServerError) -> [MatchRecord] {
        try withDatabase { db throws(OptoLinkServerError) in
            try db.query("DELETE FROM pending_clicks WHERE expires_at <= ?", [SQLValue(now)])
            let rows = try db.query(
                """
                SELECT token, org_id, link_id, short_code, path, params, ip_hash, platform, os_version, device_model,
                    language, timezone, recorded_at, expires_at, matched_at
                FROM pending_clicks WHERE scope = ? AND matched_at IS NULL ORDER BY recorded_at, rowid
                """, [.text(scope)])
            var records: [MatchRecord] = []
            records.reserveCapacity(rows.count)
            for row in rows {
                guard let token = row[0].string, let linkId = row[2].string, let recordedAt = row[12].date,
                    let expiresAt = row[13].date,
                    case .object(let params)? = try? JSONParser.parse(Array((row[5].string ?? "").utf8))
                else {
                    log.write("pending click \(row[0].string ?? "?") of \(scope) could not be read back: skipped")
                    continue
                }
                records.append(
                    MatchRecord(
                        token: token, orgId: row[1].int ?? 0, linkId: linkId, shortCode: row[3].string ?? "",
                        path: row[4].string ?? "", params: params, ipHash: row[6].string ?? "",
                        fingerprint: ClickFingerprint(
                            platform: row[7].string, osVersion: row[8].string, deviceModel: row[9].string,
                            language: row[10].string, timezone: row[11].string),
                        recordedAt: recordedAt, expiresAt: expiresAt))
            }
            return records
        }
    }
}

import Foundation

/// The `api_keys` table: keys stored hashed, found by prefix.
extension Store {
    /// Keys whose stored prefix equals `prefix`.
    func keys(prefix: String, access: Access = .wait) throws(OptoLinkServerError) -> [APIKeyRecord] {
        if let cached = cached({ $0.keysByPrefix[prefix] }) { return cached }
        return try withDatabase(access: access) { db throws(OptoLinkServerError) in
            let keys = try db.query(
                "SELECT id, org_id, prefix, key_hash, tier, revoked, expires_at, superseded_at FROM "
                    + "api_keys WHERE prefix = ?",
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
        try withDatabaseInvalidatingCache { db throws(OptoLinkServerError) in
            _ = try db.query("UPDATE api_keys SET revoked = 1 WHERE key_hash = ?", [.text(hash)])
        }
    }

    /// Sets when a key was superseded by a regenerated one.
    func supersedeKey(hash: String, at date: Date) throws(OptoLinkServerError) {
        try withDatabaseInvalidatingCache { db throws(OptoLinkServerError) in
            _ = try db.query("UPDATE api_keys SET superseded_at = ? WHERE key_hash = ?", [SQLValue(date), .text(hash)])
        }
    }

    /// Stores a new key of `tier` for the org and supersedes, now, every live key of that tier that was
    /// not superseded yet (one transaction); returns how many it superseded.
    func regenerateKey(orgId: Int64, tier: KeyTier, rawKey: String, now: Date) throws(OptoLinkServerError) -> Int {
        try withDatabaseInvalidatingCache { db throws(OptoLinkServerError) in
            try db.execute("BEGIN;")
            do throws(OptoLinkServerError) {
                try db.query(
                    """
                    UPDATE api_keys SET superseded_at = ?
                    WHERE org_id = ? AND tier = ? AND revoked = 0 AND superseded_at IS NULL
                      AND (expires_at IS NULL OR expires_at > ?)
                    """, [SQLValue(now), .integer(orgId), .text(tier.rawValue), SQLValue(now)])
                let superseded = db.changes
                try db.query(
                    "INSERT INTO api_keys (org_id, prefix, key_hash, tier, revoked, expires_at, created_at) "
                        + "VALUES (?,?,?,?,0,NULL,?)",
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
}

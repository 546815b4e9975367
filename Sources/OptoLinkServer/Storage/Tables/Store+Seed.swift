import Foundation

/// The seed: orgs, their keys (hashed), templates and links.
extension Store {
    /// Inserts what the seed describes and is not there yet.
    package func apply(_ seed: ServerSeed, now: Date) throws(OptoLinkServerError) {
        try withDatabaseInvalidatingCache { db throws(OptoLinkServerError) in
            try db.execute("BEGIN;")
            do throws(OptoLinkServerError) {
                for org in seed.orgs {
                    try db.query(
                        "INSERT OR IGNORE INTO orgs (org_key, name, status, team_id, bundle_id, "
                            + "custom_domain) VALUES (?,?,?,?,?,?)",
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
                            "INSERT OR IGNORE INTO api_keys (org_id, prefix, key_hash, tier, revoked, "
                                + "expires_at, created_at) VALUES (?,?,?,?,?,?,?)",
                            [
                                .integer(orgId), .text(APIKeyAuthenticator.prefix(of: key.key)),
                                .text(Digest.sha256Hex(key.key)), .text(key.tier),
                                .integer(key.revoked == true ? 1 : 0), SQLValue(key.expiresAt.flatMap(ISOTime.parse)),
                                SQLValue(now),
                            ])
                    }
                    for template in org.templates ?? [] {
                        try db.query(
                            "INSERT OR IGNORE INTO templates (org_id, template_id, params, "
                                + "match_window_hours) VALUES (?,?,?,?)",
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
                            INSERT OR IGNORE INTO links
                                (id, org_id, short_code, path, params, template_id, match_window_hours, created_at,
                                 updated_at)
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
}

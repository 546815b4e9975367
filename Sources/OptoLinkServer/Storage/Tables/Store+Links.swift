import Foundation

/// The `links` table.
extension Store {
    private static let linkColumns =
        "id, org_id, short_code, path, params, template_id, match_window_hours, created_at, updated_at"

    private static func link(_ row: [SQLValue]) -> LinkRecord {
        LinkRecord(
            id: row[0].string ?? "", orgId: row[1].int ?? 0, shortCode: row[2].string ?? "", path: row[3].string ?? "",
            params: params(row[4]), templateId: row[5].string, matchWindowHours: row[6].int.map(Int.init),
            createdAt: row[7].date ?? Date(timeIntervalSince1970: 0),
            updatedAt: row[8].date ?? Date(timeIntervalSince1970: 0))
    }

    /// A JSON object column (`params` of links and templates); empty when absent or not an object.
    static func params(_ value: SQLValue) -> [String: JSON] {
        guard let text = value.string, let json = try? JSONParser.parse(Array(text.utf8)) else { return [:] }
        return json.objectValue ?? [:]
    }

    /// A link by org and short code.
    package func link(orgId: Int64, shortCode: String, access: Access = .wait) throws(OptoLinkServerError)
        -> LinkRecord?
    {
        let key = ReadCache.LinkKey(orgId: orgId, name: shortCode)
        if let cached = cached({ $0.linksByCode[key] }) { return cached }
        return try withDatabase(access: access) { db throws(OptoLinkServerError) in
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
        try withDatabase { db throws(OptoLinkServerError) in
            try db.query(
                "SELECT \(Store.linkColumns) FROM links WHERE org_id = ? AND id = ?", [.integer(orgId), .text(id)]
            ).first.map(Store.link)
        }
    }

    /// All links of an org, oldest first.
    func links(orgId: Int64) throws(OptoLinkServerError) -> [LinkRecord] {
        try withDatabase { db throws(OptoLinkServerError) in
            try db.query(
                "SELECT \(Store.linkColumns) FROM links WHERE org_id = ? ORDER BY created_at, id", [.integer(orgId)]
            ).map(Store.link)
        }
    }

    /// Inserts or replaces a link; false when the short code is taken by another link of the org.
    func save(_ link: LinkRecord) throws(OptoLinkServerError) -> Bool {
        try withDatabaseInvalidatingCache { db throws(OptoLinkServerError) in
            let clash = try db.query(
                "SELECT id FROM links WHERE org_id = ? AND short_code = ? AND id <> ?",
                [.integer(link.orgId), .text(link.shortCode), .text(link.id)])
            guard clash.isEmpty else { return false }
            try db.query(
                """
                INSERT OR REPLACE INTO links
                    (id, org_id, short_code, path, params, template_id, match_window_hours, created_at, updated_at)
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
        try withDatabaseInvalidatingCache { db throws(OptoLinkServerError) in
            try db.query("DELETE FROM links WHERE org_id = ? AND id = ?", [.integer(orgId), .text(id)])
            return db.changes > 0
        }
    }
}

import Foundation

/// The `templates` table.
extension Store {
    /// A template of an org.
    func template(orgId: Int64, id: String, access: Access = .wait) throws(OptoLinkServerError) -> TemplateRecord? {
        let key = ReadCache.LinkKey(orgId: orgId, name: id)
        if let cached = cached({ $0.templates[key] }) { return cached }
        return try withDatabase(access: access) { db throws(OptoLinkServerError) in
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
}

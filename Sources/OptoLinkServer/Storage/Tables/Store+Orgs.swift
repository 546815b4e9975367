import Foundation

/// The `orgs` table.
extension Store {
    private static let orgColumns = "id, org_key, name, status, team_id, bundle_id, custom_domain"

    private static func org(_ row: [SQLValue]) -> OrgRecord {
        OrgRecord(
            id: row[0].int ?? 0, orgKey: row[1].string ?? "", name: row[2].string ?? "", status: row[3].string ?? "",
            teamId: row[4].string, bundleId: row[5].string, customDomain: row[6].string)
    }

    /// The org with this key (case-sensitive).
    package func org(key: String, access: Access = .wait) throws(OptoLinkServerError) -> OrgRecord? {
        if let cached = cached({ $0.orgsByKey[key] }) { return cached }
        return try withDatabase(access: access) { db throws(OptoLinkServerError) in
            let org = try db.query("SELECT \(Store.orgColumns) FROM orgs WHERE org_key = ?", [.text(key)]).first.map(
                Store.org)
            if let org { remember { $0.orgsByKey[key] = org } }
            return org
        }
    }

    /// The org with this id.
    func org(id: Int64, access: Access = .wait) throws(OptoLinkServerError) -> OrgRecord? {
        if let cached = cached({ $0.orgsById[id] }) { return cached }
        return try withDatabase(access: access) { db throws(OptoLinkServerError) in
            let org = try db.query("SELECT \(Store.orgColumns) FROM orgs WHERE id = ?", [.integer(id)]).first.map(
                Store.org)
            if let org { remember { $0.orgsById[id] = org } }
            return org
        }
    }

    /// Every org, by id.
    func orgs() throws(OptoLinkServerError) -> [OrgRecord] {
        try withDatabase { db throws(OptoLinkServerError) in
            try db.query("SELECT \(Store.orgColumns) FROM orgs ORDER BY id").map(Store.org)
        }
    }
}

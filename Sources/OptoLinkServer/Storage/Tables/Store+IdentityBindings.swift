import Foundation

/// The `identity_bindings` table: a device bound to an app's own user id.
extension Store {
    /// Binds the device to `externalId`: an open binding to the same id is kept, another one is closed.
    func bind(orgId: Int64, deviceId: String, externalId: String, now: Date) throws(OptoLinkServerError)
        -> IdentityBinding
    {
        try withDatabase { db throws(OptoLinkServerError) in
            if let open = try Store.openBinding(db, orgId: orgId, deviceId: deviceId) {
                if open.externalId == externalId { return open }
                try db.query(
                    "UPDATE identity_bindings SET unbound_at = ? WHERE org_id = ? AND device_id = ? AND unbound_at IS "
                        + "NULL",
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
        try withDatabase { db throws(OptoLinkServerError) in
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
        try withDatabase { db throws(OptoLinkServerError) in
            try Store.openBinding(db, orgId: orgId, deviceId: deviceId)
        }
    }

    private static func openBinding(_ db: SQLiteDatabase, orgId: Int64, deviceId: String) throws(OptoLinkServerError)
        -> IdentityBinding?
    {
        try db.query(
            "SELECT external_id, bound_at FROM identity_bindings WHERE org_id = ? AND device_id = ? AND unbound_at IS "
                + "NULL ORDER BY id DESC LIMIT 1",
            [.integer(orgId), .text(deviceId)]
        ).first.map { row in
            IdentityBinding(
                orgId: orgId, deviceId: deviceId, externalId: row[0].string ?? "", boundAt: row[1].date ?? Date())
        }
    }
}

import Foundation

/// The `events` table: app events, trimmed to the store's `maxRecordRows`.
extension Store {
    /// Records an app event.
    func insertEvent(orgId: Int64, deviceId: String, name: String, properties: [String: JSON]?, now: Date)
        throws(OptoLinkServerError)
    {
        try withDatabase { db throws(OptoLinkServerError) in
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
        try withDatabase { db throws(OptoLinkServerError) in
            Int(
                try db.query(
                    "SELECT COUNT(*) FROM events WHERE org_id = ? AND device_id = ?",
                    [.integer(orgId), .text(deviceId)]
                ).first?.first?.int ?? 0)
        }
    }
}

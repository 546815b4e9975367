import Foundation

/// The `devices` table: each org's profile of a device.
extension Store {
    /// Creates the org's profile of the device or refreshes its `lastSeenAt` and the fields given.
    @discardableResult
    func upsertDevice(orgId: Int64, id: String, platform: String?, osVersion: String?, deviceModel: String?, now: Date)
        throws(OptoLinkServerError) -> DeviceProfile
    {
        try withDatabase { db throws(OptoLinkServerError) in
            try Store.upsertDevice(
                db, orgId: orgId, id: id, platform: platform, osVersion: osVersion, deviceModel: deviceModel, now: now)
            return try Store.device(db, orgId: orgId, id: id)!
        }
    }

    /// The `/data?deviceId=` upsert, fire-and-forget: queued, applied in a batch (see the type's notes).
    func queueDeviceUpsert(orgId: Int64, id: String, now: Date) {
        enqueue(.device(orgId: orgId, id: id, now: now))
    }

    /// The upsert itself (call with the database lock held): the queued `/data` upsert and `/match` use it too.
    static func upsertDevice(
        _ db: SQLiteDatabase, orgId: Int64, id: String, platform: String?, osVersion: String?,
        deviceModel: String?, now: Date
    ) throws(OptoLinkServerError) {
        try db.query(
            """
            INSERT INTO devices (org_id, device_id, first_seen_at, last_seen_at, platform, os_version, device_model)
            VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6)
            ON CONFLICT(org_id, device_id) DO UPDATE SET last_seen_at = ?3,
              platform = COALESCE(?4, platform), os_version = COALESCE(?5, os_version),
              device_model = COALESCE(?6, device_model)
            """,
            [.integer(orgId), .text(id), SQLValue(now), SQLValue(platform), SQLValue(osVersion), SQLValue(deviceModel)])
    }

    /// The org's profile of the device, if that org ever saw it.
    func device(orgId: Int64, id: String) throws(OptoLinkServerError) -> DeviceProfile? {
        try withDatabase { db throws(OptoLinkServerError) in try Store.device(db, orgId: orgId, id: id) }
    }

    private static func device(_ db: SQLiteDatabase, orgId: Int64, id: String) throws(OptoLinkServerError)
        -> DeviceProfile?
    {
        try db.query(
            """
            SELECT device_id, org_id, first_seen_at, last_seen_at, platform, os_version, device_model FROM devices
            WHERE org_id = ? AND device_id = ?
            """, [.integer(orgId), .text(id)]
        ).first.map { row in
            DeviceProfile(
                deviceId: row[0].string ?? id, orgId: row[1].int ?? orgId, firstSeenAt: row[2].date ?? Date(),
                lastSeenAt: row[3].date ?? Date(),
                platform: row[4].string, osVersion: row[5].string, deviceModel: row[6].string)
        }
    }
}

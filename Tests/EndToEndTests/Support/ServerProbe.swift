import Foundation

@testable import OptoLinkServer

// The only file that opens the server's internals (`@testable`): it returns plain values, so the test
// files that import the SDK never see the server's internal types (`HTTPRequest`, `IdentityBinding`…).

/// Reads what the server stored, the way an operator would read its database.
enum ServerProbe {
    /// The demo org's row id.
    static func demoOrgId(_ server: OptoLinkServer) throws -> Int64 {
        guard let org = try server.backend.store.org(key: "demo") else { throw ProbeError("no demo org") }
        return org.id
    }

    /// The externalId currently bound to `deviceId` in the demo org, or nil.
    static func boundIdentity(_ server: OptoLinkServer, deviceId: String) throws -> String? {
        try server.backend.store.openBinding(orgId: demoOrgId(server), deviceId: deviceId)?.externalId
    }

    /// Whether the demo org has a device profile for `deviceId`.
    static func knowsDevice(_ server: OptoLinkServer, deviceId: String) throws -> Bool {
        try server.backend.store.device(orgId: demoOrgId(server), id: deviceId) != nil
    }

    /// Clicks recorded for a link.
    static func clickCount(_ server: OptoLinkServer, linkId: String) throws -> Int {
        try server.backend.store.clickCount(linkId: linkId)
    }

    /// Events the demo org recorded for a device.
    static func eventCount(_ server: OptoLinkServer, deviceId: String) throws -> Int {
        try server.backend.store.eventCount(orgId: demoOrgId(server), deviceId: deviceId)
    }

    /// Event names (with their properties as JSON text) in the order the server stored them, read from
    /// the SQLite file with a second connection (WAL lets it read while the server runs).
    static func events(databasePath: String, deviceId: String? = nil) throws -> [(name: String, properties: String?)] {
        let db = try SQLiteDatabase(path: databasePath)
        let rows: [[SQLValue]]
        if let deviceId {
            rows = try db.query(
                "SELECT name, properties FROM events WHERE device_id = ? ORDER BY id", [.text(deviceId)])
        } else {
            rows = try db.query("SELECT name, properties FROM events ORDER BY id")
        }
        return rows.map { ($0[0].string ?? "", $0[1].string) }
    }
}

/// A probe failure.
struct ProbeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

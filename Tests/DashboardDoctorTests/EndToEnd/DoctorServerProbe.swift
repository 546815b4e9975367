import Foundation

@testable import OptoLinkServer

// The other file that opens the server's internals (`@testable`): it reads what the reference server
// stored, as plain values, to prove what a probe did or did not change.

enum DoctorServerProbe {
    /// Every row of every table of the server's SQLite file, as text, read with a second connection (WAL
    /// lets it read while the server runs), after the server's queued writes were applied.
    static func databaseRows(_ server: OptoLinkServer, path: String) throws -> [String: [String]] {
        server.backend.store.flush()
        let db = try SQLiteDatabase(path: path)
        let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap {
            $0.first?.string
        }
        var rows = [String: [String]]()
        for table in tables {
            rows[table] = try db.query("SELECT * FROM \(table) ORDER BY rowid").map { row in
                row.map { "\($0)" }.joined(separator: "|")
            }
        }
        return rows
    }

    /// The click records the match store holds (the redirect page adds one per click).
    static func matchRecordCount(_ server: OptoLinkServer) -> Int {
        server.backend.matches.snapshot.records.count
    }

    /// Whether the click record of `token` has been matched (claimed) already.
    static func isClaimed(_ server: OptoLinkServer, token: String) -> Bool {
        server.backend.matches.snapshot.records[token]?.matchedAt != nil
    }

    /// Whether the server knows a device with this id.
    static func knowsDevice(_ server: OptoLinkServer, deviceId: String, orgKey: String = "demo") throws -> Bool {
        guard let org = try server.backend.store.org(key: orgKey) else { return false }
        return try server.backend.store.device(orgId: org.id, id: deviceId) != nil
    }
}

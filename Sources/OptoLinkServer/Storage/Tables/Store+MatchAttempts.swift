import Foundation

/// The `match_attempts` table: the newest match attempts as `/dev/match-attempts` shows them, kept for a
/// server on a database file (``AttemptLog``), trimmed to about ``maxMatchAttemptRows``.
extension Store {
    /// The rows kept: the attempt log's own capacity.
    static var maxMatchAttemptRows: Int { AttemptLog.capacity }

    /// The insert (call with the database lock held).
    static func insertMatchAttempt(_ db: SQLiteDatabase, entry: String, deviceId: String?, service: String)
        throws(OptoLinkServerError)
    {
        try db.query(
            "INSERT INTO match_attempts (entry, device_id, service) VALUES (?,?,?)",
            [.text(entry), SQLValue(deviceId), .text(service)])
    }

    /// The newest ``maxMatchAttemptRows`` attempts, oldest first. A row that is not a JSON object is skipped
    /// and logged.
    func matchAttempts() throws(OptoLinkServerError) -> [(entry: JSON, deviceId: String?, service: String)] {
        try withDatabase { db throws(OptoLinkServerError) in
            let rows = try db.query(
                "SELECT entry, device_id, service FROM match_attempts ORDER BY rowid DESC LIMIT ?",
                [.integer(Int64(Store.maxMatchAttemptRows))])
            var attempts: [(entry: JSON, deviceId: String?, service: String)] = []
            for row in rows.reversed() {
                guard let entry = try? JSONParser.parse(Array((row[0].string ?? "").utf8)), case .object = entry
                else {
                    log.write("a stored match attempt could not be read back: skipped")
                    continue
                }
                attempts.append((entry, row[1].string, row[2].string ?? "optolink"))
            }
            return attempts
        }
    }
}

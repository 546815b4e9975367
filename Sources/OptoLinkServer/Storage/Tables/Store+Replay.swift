import Foundation

/// The `match_requests` table (every `/match` as it was asked) and the export of a server's clicks and first
/// opens in the match lab's replay format (`optolink-server export`, docs/lab.md "The lab on your own data").
extension Store {
    /// Queues a `/match` as it was asked: its time, address (hashed, as the clicks'), fields and token.
    package func queueMatchRequest(_ input: MatchEngine.Input, ipHash: String, now: Date) {
        enqueue(.matchRequest(input, ipHash: ipHash, now: now))
    }

    /// The insert (call with the database lock held).
    static func insertMatchRequest(_ db: SQLiteDatabase, _ input: MatchEngine.Input, ipHash: String, now: Date)
        throws(OptoLinkServerError)
    {
        let fingerprint = input.fingerprint
        try db.query(
            "INSERT INTO match_requests (at, ip_hash, device_id, platform, os_version, device_model, language, "
                + "timezone, clipboard_token) VALUES (?,?,?,?,?,?,?,?,?)",
            [
                SQLValue(now), .text(ipHash), SQLValue(input.deviceId), SQLValue(fingerprint.platform),
                SQLValue(fingerprint.osVersion), SQLValue(fingerprint.deviceModel), SQLValue(fingerprint.language),
                SQLValue(fingerprint.timezone), SQLValue(input.clipboardToken),
            ])
    }

    /// Writes the stored redirect clicks and first opens as the lab's two CSV files, each with its header:
    /// clicks `click_id, time, address, platform, os_version, language, timezone, device_model, token` (the
    /// redirect page records no time zone or model), opens `open_id, time, address, platform, os_version,
    /// device_model, language, timezone, token` (a device's first `/match` only; every one without a device
    /// id). Times are epoch seconds; addresses are the stored keyed hashes, equal where the addresses were.
    ///
    /// - Parameters:
    ///   - clicks: receives the clicks file's text, a line at a time.
    ///   - opens: receives the opens file's text, a line at a time.
    /// - Returns: how many clicks and opens were written.
    /// - Throws: ``OptoLinkServerError`` when the database cannot be read; whatever the writers throw.
    package func exportReplay(clicks: (String) throws -> Void, opens: (String) throws -> Void) throws -> (
        clicks: Int, opens: Int
    ) {
        let (clickRows, openRows) = try withDatabase { db throws(OptoLinkServerError) in
            (
                try db.query(
                    "SELECT id, at, ip_hash, platform, os_version, language, token FROM clicks "
                        + "WHERE source = 'redirect' ORDER BY id"),
                try db.query(
                    "SELECT id, at, ip_hash, platform, os_version, device_model, language, timezone, clipboard_token, "
                        + "device_id FROM match_requests ORDER BY id")
            )
        }
        try clicks(Self.csvLine(ReplayColumns.clicks))
        for row in clickRows {
            try clicks(
                Self.csvLine([
                    Self.text(row[0]), Self.text(row[1]), Self.text(row[2]), Self.text(row[3]), Self.text(row[4]),
                    Self.text(row[5]), "", "", Self.text(row[6]),
                ]))
        }
        try opens(Self.csvLine(ReplayColumns.opens))
        var seen = Set<String>()
        var written = 0
        for row in openRows {
            if let device = row[9].string, !seen.insert(device).inserted { continue }
            written += 1
            try opens(Self.csvLine((0..<9).map { Self.text(row[$0]) }))
        }
        return (clickRows.count, written)
    }

    /// The two files' headers.
    private enum ReplayColumns {
        static let clicks = [
            "click_id", "time", "address", "platform", "os_version", "language", "timezone", "device_model", "token",
        ]
        static let opens = [
            "open_id", "time", "address", "platform", "os_version", "device_model", "language", "timezone", "token",
        ]
    }

    /// A stored value as a CSV field: text as is, a whole number without a fraction, null empty.
    private static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .integer(let number): String(number)
        case .real(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        case .text(let text): text
        }
    }

    /// One RFC 4180 line: a field quoted when it holds a comma, a quote or a line break.
    private static func csvLine(_ fields: [String]) -> String {
        fields.map { field in
            field.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
                ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: ",") + "\n"
    }
}

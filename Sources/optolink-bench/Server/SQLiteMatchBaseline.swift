import Foundation
import OptoLinkServer

/// The match chain the way a straightforward backend would answer it: the clicks in an SQLite table
/// indexed by address hash, one indexed query per request for that address's live clicks (newest
/// first, at most the fingerprint cap), then the same ``Scoring`` and the same priority chain in Swift.
///
/// The same-run baseline of measure 5 (``MatchEngineThroughput``):
/// the engine's rate is reported as a ratio to this one, so the row does not move with the machine's load.
/// It reads only (a matched click is not marked), which favours the baseline slightly.
struct SQLiteMatchBaseline {
    private let database: SQLiteDatabase

    /// One click as the baseline stores it.
    struct Click {
        var token: String
        var ipHash: String
        var fingerprint: ClickFingerprint
        var recordedAt: Date
        var expiresAt: Date
    }

    init() throws(OptoLinkServerError) {
        database = try SQLiteDatabase(path: nil)
        try database.execute(
            """
            CREATE TABLE clicks (token TEXT PRIMARY KEY, ip_hash TEXT NOT NULL, platform TEXT, os_version TEXT,
                device_model TEXT, language TEXT, timezone TEXT, recorded_at REAL NOT NULL, expires_at REAL NOT NULL);
            CREATE INDEX clicks_by_address ON clicks (ip_hash, recorded_at);
            """)
    }

    /// Stores the clicks in one transaction.
    func insert(_ clicks: [Click]) throws(OptoLinkServerError) {
        try database.execute("BEGIN;")
        for click in clicks {
            try database.query(
                "INSERT INTO clicks VALUES (?,?,?,?,?,?,?,?,?)",
                [
                    .text(click.token), .text(click.ipHash), SQLValue(click.fingerprint.platform),
                    SQLValue(click.fingerprint.osVersion),
                    SQLValue(click.fingerprint.deviceModel), SQLValue(click.fingerprint.language),
                    SQLValue(click.fingerprint.timezone),
                    SQLValue(click.recordedAt), SQLValue(click.expiresAt),
                ])
        }
        try database.execute("COMMIT;")
    }

    /// The decision for a fingerprint-only request: P2 exact (newest) → P2.5 score (guard > 3) → P3 newest of the
    /// newest 20.
    /// Returns the matched token (nil for no match) and whether the shared-network guard fired.
    func match(_ fingerprint: ClickFingerprint, ipHash: String, now: Date) throws(OptoLinkServerError) -> (
        token: String?, guardFired: Bool
    ) {
        let rows = try database.query(
            """
            SELECT token, platform, os_version, device_model, language, timezone, recorded_at FROM clicks
            WHERE ip_hash = ? AND expires_at > ? ORDER BY recorded_at DESC LIMIT ?
            """, [.text(ipHash), SQLValue(now), .integer(Int64(MatchState.fingerprintCap))])
        var exact: String?
        var scored: [(total: Int, token: String)] = []
        for row in rows {
            let click = ClickFingerprint(
                platform: row[1].string, osVersion: row[2].string, deviceModel: row[3].string,
                language: row[4].string, timezone: row[5].string)
            let age = now.timeIntervalSince(row[6].date ?? now)
            let breakdown = Scoring.score(click: click, request: fingerprint, age: age)
            if exact == nil, breakdown.isExact { exact = row[0].string }
            let total = breakdown.total
            if total >= Scoring.threshold { scored.append((total, row[0].string ?? "")) }
        }
        if let exact { return (exact, false) }
        if scored.count > 3 { return (nil, true) }
        // Highest total; rows are newest first, so the first of equal totals is the newest.
        var best: (total: Int, token: String)?
        for candidate in scored where candidate.total > (best?.total ?? Int.min) { best = candidate }
        if let best { return (best.token, false) }
        return (rows.prefix(MatchState.fuzzyCap).first?[0].string, false)
    }
}

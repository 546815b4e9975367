import Foundation

/// The `clicks` table (analytics; the match records live in memory), trimmed to the store's `maxClickRows`.
extension Store {
    /// Records a click (analytics; the match record lives in memory).
    func insertClick(linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, now: Date)
        throws(OptoLinkServerError)
    {
        try withDatabase { db throws(OptoLinkServerError) in
            try Store.insertClick(
                db, linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, now: now)
            trim(db, table: "clicks", cap: maxClickRows, inserted: 1)
        }
    }

    /// The `/data` click-track, fire-and-forget: queued, applied in a batch (see the type's notes).
    func queueClick(linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, now: Date) {
        enqueue(.click(linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, now: now))
    }

    /// The insert itself (call with the database lock held): the queued clicks apply through it too.
    static func insertClick(
        _ db: SQLiteDatabase, linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint,
        now: Date
    ) throws(OptoLinkServerError) {
        try db.query(
            "INSERT INTO clicks (link_id, source, ip_hash, platform, os_version, language, at) VALUES (?,?,?,?,?,?,?)",
            [
                .text(linkId), .text(source), .text(ipHash), SQLValue(fingerprint.platform),
                SQLValue(fingerprint.osVersion),
                SQLValue(fingerprint.language), SQLValue(now),
            ])
    }

    /// Number of clicks recorded for a link.
    func clickCount(linkId: String) throws(OptoLinkServerError) -> Int {
        try withDatabase { db throws(OptoLinkServerError) in
            Int(try db.query("SELECT COUNT(*) FROM clicks WHERE link_id = ?", [.text(linkId)]).first?.first?.int ?? 0)
        }
    }

    /// Rows of the clicks table.
    package func clickRowCount() throws(OptoLinkServerError) -> Int {
        try withDatabase { db throws(OptoLinkServerError) in
            Int(try db.query("SELECT COUNT(*) FROM clicks").first?.first?.int ?? 0)
        }
    }
}

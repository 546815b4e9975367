import Foundation

/// The `clicks` table (analytics; the match records live in memory), trimmed to the store's `maxClickRows`.
extension Store {
    /// Records a click (analytics; the match record lives in memory).
    func insertClick(
        linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, token: String? = nil, now: Date
    ) throws(OptoLinkServerError) {
        try withDatabase { db throws(OptoLinkServerError) in
            try Store.insertClick(
                db, linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, token: token, now: now)
            trim(db, table: "clicks", cap: maxClickRows, inserted: 1)
        }
    }

    /// The `/data` click-track and the redirect page's click (with its clipboard token), fire-and-forget:
    /// queued, applied in a batch (see the type's notes).
    func queueClick(
        linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint, token: String? = nil, now: Date
    ) {
        enqueue(
            .click(linkId: linkId, source: source, ipHash: ipHash, fingerprint: fingerprint, token: token, now: now))
    }

    /// The insert itself (call with the database lock held): the queued clicks apply through it too.
    static func insertClick(
        _ db: SQLiteDatabase, linkId: String, source: String, ipHash: String, fingerprint: ClickFingerprint,
        token: String?, now: Date
    ) throws(OptoLinkServerError) {
        try db.query(
            "INSERT INTO clicks (link_id, source, ip_hash, platform, os_version, language, at, token) "
                + "VALUES (?,?,?,?,?,?,?,?)",
            [
                .text(linkId), .text(source), .text(ipHash), SQLValue(fingerprint.platform),
                SQLValue(fingerprint.osVersion),
                SQLValue(fingerprint.language), SQLValue(now), SQLValue(token),
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

import OptoLinkToolSupport
/// The mark that says an SQLite file is optolink-server's: `PRAGMA application_id` set to ``applicationID``.
///
/// SQLite opens any database, and the server's migrations would add its tables to another program's file.
/// Before anything is written, ``check(_:path:)`` reads the mark: a database of ours opens; an empty or new
/// file, or one of ours written before the mark (our tables, `application_id` 0), opens and is marked; anything
/// else is refused, saying whose it looks like, and left as it was.
enum DatabaseMark {
    /// `OPLK` in ASCII: the `application_id` of every database the server writes.
    static let applicationID: Int32 = 0x4F50_4C4B

    /// The tables every database of ours has had since its first schema version.
    static let ownTables: Set<String> = ["orgs", "api_keys", "links"]

    /// What ``check(_:path:)`` found.
    enum Verdict: Equatable {
        /// Marked as ours.
        case ours
        /// No mark yet: a new, empty database, or one of ours from before the mark. Mark it.
        case unmarked
    }

    /// Reads the mark and the table names of `database` (reads only).
    /// - Throws: ``OptoLinkServerError/badInput(_:)`` naming `path` and whose the database looks like.
    static func check(_ database: SQLiteDatabase, path: String) throws(OptoLinkServerError) -> Verdict {
        let id: Int64
        let tables: [String]
        do {
            id = try database.query("PRAGMA application_id;").first?.first?.int ?? 0
            tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name;")
                .compactMap { $0.first?.string }
        } catch {
            throw .badInput("\(QuotedText.escaped(path, limit: 200)) is not an SQLite database (\(error))")
        }
        if id == Int64(applicationID) { return .ours }
        let shown = QuotedText.escaped(path, limit: 200)
        if id != 0 {
            throw .badInput(
                "\(shown) is another program's SQLite database (application_id \(describe(id))), not "
                    + "optolink-server's: "
                    + "give a new file or one this server wrote")
        }
        if tables.isEmpty || ownTables.isSubset(of: Set(tables)) { return .unmarked }
        let listed = tables.prefix(8).map { QuotedText.escaped($0, limit: 40) }.joined(separator: ", ")
        throw .badInput(
            "\(shown) is an SQLite database with tables \(listed)\(tables.count > 8 ? ", …" : ""), "
                + "not optolink-server's: give a new file or one this server wrote")
    }

    /// `0x4F504C4B ('OPLK')`, the way `file(1)` would want it.
    private static func describe(_ id: Int64) -> String {
        let hex = "0x" + String(UInt32(truncatingIfNeeded: id), radix: 16, uppercase: true)
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: id >> (24 - 8 * $0)) }
        guard bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return hex }
        return hex + " '" + String(decoding: bytes, as: UTF8.self) + "'"
    }
}

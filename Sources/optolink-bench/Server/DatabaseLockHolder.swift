import Foundation
import OptoLinkServer

/// A second SQLite connection to a server's database file that takes and gives back its write lock
/// (`BEGIN EXCLUSIVE`), the way another process writing to the same file would: while it holds the
/// lock, the server's writes wait on SQLite's busy timeout (measure 8's slow writer).
final class DatabaseLockHolder {
    private let database: SQLiteDatabase
    private var holding = false

    /// Opens `path` (the server's `databasePath`).
    ///
    /// - Throws: `OptoLinkServerError` when the file cannot be opened.
    init(path: String) throws {
        database = try SQLiteDatabase(path: path)
    }

    /// Takes the write lock (waiting for it up to the busy timeout).
    func hold() throws {
        guard !holding else { return }
        try database.execute("BEGIN EXCLUSIVE;")
        holding = true
    }

    /// Gives the write lock back.
    func release() throws {
        guard holding else { return }
        holding = false
        try database.execute("COMMIT;")
    }

    deinit { try? release() }
}

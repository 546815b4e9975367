import CSQLite
import Foundation
import OptoLinkToolSupport

/// One SQLite connection (WAL when on a file). Not thread-safe by itself: `Store` only uses it
/// while holding its lock.
///
/// Prepared statements are cached by their SQL text (every statement the store runs is a constant
/// string with `?` parameters), so a request does not pay `sqlite3_prepare_v2` again for each query.
package final class SQLiteDatabase {
    private var handle: OpaquePointer?
    /// Prepared statements by SQL text (reset and unbound after each use).
    private var statements: [String: OpaquePointer] = [:]
    /// More distinct statements than this are prepared and finalized each time instead of cached.
    private static let statementCacheLimit = 128
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Opens `path`, or an in-memory database when nil.
    ///
    /// A file must be new, empty, or optolink-server's (``DatabaseMark``): another program's database is refused
    /// with ``OptoLinkServerError/badInput(_:)`` and left unchanged.
    package init(path: String?) throws(OptoLinkServerError) {
        let target = path ?? ":memory:"
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(target, &handle, flags, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "unknown error"
            sqlite3_close(handle)
            throw path == nil
                ? .startup("cannot open database \(target): \(message)")
                : .badInput("cannot open database \(QuotedText.escaped(target, limit: 200)): \(message)")
        }
        sqlite3_busy_timeout(handle, 5000)
        // Another program's database is refused before anything (even the journal mode) is written to it.
        if let path, try DatabaseMark.check(self, path: path) == .unmarked {
            try execute("PRAGMA application_id = \(DatabaseMark.applicationID);")
        }
        if path != nil { try execute("PRAGMA journal_mode=WAL;") }
        try execute("PRAGMA foreign_keys=ON;")
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    /// Runs one or more statements without parameters.
    package func execute(_ sql: String) throws(OptoLinkServerError) {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        guard code == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw SQLiteDatabase.error(code: code, message: message)
        }
    }

    /// Whether a transaction is open (the connection is not in autocommit mode).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs one statement; returns the rows.
    @discardableResult
    package func query(_ sql: String, _ arguments: [SQLValue] = []) throws(OptoLinkServerError) -> [[SQLValue]] {
        var statement: OpaquePointer?
        var cached = false
        if let existing = statements[sql] {
            statement = existing
            cached = true
        } else {
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
                sqlite3_finalize(statement)
                throw lastError()
            }
            if statements.count < SQLiteDatabase.statementCacheLimit, let statement {
                statements[sql] = statement
                cached = true
            }
        }
        defer {
            if cached {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            } else {
                sqlite3_finalize(statement)
            }
        }
        for (i, argument) in arguments.enumerated() {
            let index = Int32(i + 1)
            switch argument {
            case .null: sqlite3_bind_null(statement, index)
            case .integer(let v): sqlite3_bind_int64(statement, index, v)
            case .real(let v): sqlite3_bind_double(statement, index, v)
            // explicit length: NULs kept
            case .text(let v): sqlite3_bind_text(statement, index, v, Int32(v.utf8.count), SQLiteDatabase.transient)
            }
        }
        var rows = [[SQLValue]]()
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return rows }
            guard step == SQLITE_ROW else { throw lastError() }
            var row = [SQLValue]()
            for column in 0..<sqlite3_column_count(statement) {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(statement, column)))
                case SQLITE_FLOAT: row.append(.real(sqlite3_column_double(statement, column)))
                case SQLITE_NULL: row.append(.null)
                default:
                    let length = Int(sqlite3_column_bytes(statement, column))
                    if let text = sqlite3_column_text(statement, column) {
                        row.append(
                            .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)))
                    } else {
                        row.append(.text(""))
                    }
                }
            }
            rows.append(row)
        }
    }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last insert.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    private func lastError() -> OptoLinkServerError {
        SQLiteDatabase.error(code: sqlite3_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }

    /// A database that cannot take the work now (busy, locked, read-only, full, failing I/O) is a 503 with
    /// `Retry-After: 1`: the client did nothing wrong, and its retry may well succeed. Anything else is a 500.
    static func error(code: Int32, message: String) -> OptoLinkServerError {
        switch code & 0xff {  // the primary result code
        case SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_FULL, SQLITE_IOERR:
            return OptoLinkServerError(
                status: 503, message: "Storage unavailable, retry shortly (database error: \(message))", retryAfter: 1)
        default:
            return .startup("database error: \(message)")
        }
    }
}

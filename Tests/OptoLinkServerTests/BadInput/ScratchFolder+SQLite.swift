import CSQLite
import Foundation
import TestSupport

extension ScratchFolder {
    /// Another program's SQLite database at `name`, made with SQLite itself (no mark of ours): runs `sql`.
    @discardableResult
    func foreignDatabase(_ name: String, _ sql: String) throws -> String {
        var handle: OpaquePointer?
        guard sqlite3_open(file(name), &handle) == SQLITE_OK else { throw POSIXError(.EIO) }
        defer { sqlite3_close(handle) }
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw POSIXError(.EIO) }
        return file(name)
    }

    /// The `PRAGMA application_id` of the database at `path`.
    static func applicationID(_ path: String) -> Int32 {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return -1 }
        defer { sqlite3_close(handle) }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(handle, "PRAGMA application_id;", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return -1 }
        return sqlite3_column_int(statement, 0)
    }
}

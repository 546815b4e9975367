import CSQLite
import Foundation

/// A temporary folder for one bad-input test, removed by ``remove()``; everything the test writes stays in it.
struct ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("optolink-bad-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name`; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

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

    /// Every file under the folder with its bytes, to show nothing was changed.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? [] {
            if let data = FileManager.default.contents(atPath: file(name)) { files[name] = data }
        }
        return files
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

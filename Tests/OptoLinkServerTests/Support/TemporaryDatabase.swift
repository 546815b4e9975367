import Foundation

/// A database file of one test in the temporary folder: a fresh path, and its removal with SQLite's
/// `-wal` and `-shm` files.
///
/// ```swift
/// let database = TemporaryDatabase("store")
/// defer { database.remove() }
/// let store = try Store(path: database.path)
/// ```
struct TemporaryDatabase {
    /// `<temporary folder>/<name>-<UUID>.sqlite`.
    let path: String

    init(_ name: String) {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).sqlite")
            .path
    }

    /// Removes the file and its `-wal` and `-shm` files (those missing are ignored).
    func remove() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

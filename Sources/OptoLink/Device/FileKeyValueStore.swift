import Foundation

/// A ``KeyValueStore`` that keeps one file per key in a directory: the default off Apple platforms.
///
/// Each write goes to a temporary file that then replaces the old one (`Data.write(options: .atomic)`),
/// so a crash never leaves half a value. Strings are stored as UTF-8, Booleans as `true`/`false`, data
/// as is. Safe to use from several threads of one process; two processes sharing a directory are not
/// coordinated.
///
/// `@unchecked Sendable` is safe: the only stored properties are immutable, and file access is
/// serialized by `lock`.
public final class FileKeyValueStore: KeyValueStore, @unchecked Sendable {
    /// The directory holding the files.
    public let directory: URL
    /// The event queue of an SDK using this store: a ``FileEventStore`` in `<directory>/EventQueue`.
    public let eventStore: any EventStore
    private let lock = NSLock()

    /// `<Application Support>/OptoLink` (on Linux `~/.local/share/OptoLink`, following XDG), falling back
    /// to `<temporary directory>/OptoLink` when there is no such directory.
    public static var defaultDirectory: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("OptoLink", isDirectory: true)
    }

    /// Creates a store in `directory` (created by the first write).
    public init(directory: URL = FileKeyValueStore.defaultDirectory) {
        self.directory = directory
        self.eventStore = FileEventStore(directory: directory.appendingPathComponent("EventQueue", isDirectory: true))
    }

    /// The string stored under `key`, or nil.
    public func string(forKey key: String) -> String? {
        data(forKey: key).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Stores `value` under `key` (nil removes it).
    public func set(_ value: String?, forKey key: String) {
        set(value.map { Data($0.utf8) }, forKey: key)
    }

    /// The Boolean stored under `key`; false when there is none.
    public func bool(forKey key: String) -> Bool {
        string(forKey: key) == "true"
    }

    /// Stores `value` under `key`.
    public func set(_ value: Bool, forKey key: String) {
        set(value ? "true" : "false", forKey: key)
    }

    /// The bytes stored under `key`, or nil.
    public func data(forKey key: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        return try? Data(contentsOf: fileURL(key))
    }

    /// Stores `value` under `key` atomically (nil removes it).
    public func set(_ value: Data?, forKey key: String) {
        guard let value else {
            removeValue(forKey: key)
            return
        }
        lock.lock()
        defer { lock.unlock() }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? value.write(to: fileURL(key), options: .atomic)
    }

    /// Removes whatever is stored under `key`.
    public func removeValue(forKey key: String) {
        lock.lock()
        defer { lock.unlock() }
        try? FileManager.default.removeItem(at: fileURL(key))
    }

    /// `<directory>/<key>.value`, with every byte outside `[A-Za-z0-9_-]` percent-encoded (so no key can
    /// leave the directory or collide with the temporary files of atomic writes).
    private func fileURL(_ key: String) -> URL {
        var name = ""
        for byte in key.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                CharacterSet.alphanumerics.contains(scalar) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            {
                name.append(Character(scalar))
            } else {
                name += String(format: "%%%02X", byte)
            }
        }
        return directory.appendingPathComponent(name + ".value", isDirectory: false)
    }
}

import Foundation

/// A temporary folder for one test, removed by ``remove()``; everything the test writes stays in it.
public struct ScratchFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Creates a fresh folder under the temporary directory.
    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("optolink-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name`; returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    /// Every file under the folder with its bytes, to show nothing was changed.
    public func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? [] {
            if let data = FileManager.default.contents(atPath: file(name)) { files[name] = data }
        }
        return files
    }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

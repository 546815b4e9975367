import DashboardCore
import Foundation

/// A file written through a buffer of about 1 MiB (an export of millions of rows in large writes).
package final class ReplayFileWriter {
    private let file: UnsafeMutablePointer<FILE>
    private let path: String
    private var buffer: [UInt8] = []

    /// Opens (creates or truncates) `path`.
    /// - Throws: ``DashboardError/backend(_:)`` naming the path when it cannot be opened.
    package init(path: String) throws(DashboardError) {
        guard let file = fopen(path, "wb") else {
            throw .backend("\(path): cannot write the file (\(String(cString: strerror(errno))))")
        }
        self.file = file
        self.path = path
        buffer.reserveCapacity(1 << 20)
    }

    /// Appends `text`.
    /// - Throws: ``DashboardError/backend(_:)`` when a write fails.
    package func write(_ text: String) throws(DashboardError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Writes what is buffered and closes the file.
    /// - Throws: ``DashboardError/backend(_:)`` when a write fails.
    package func close() throws(DashboardError) {
        try flush()
        guard fclose(file) == 0 else { throw .backend("\(path): cannot write the file") }
    }

    private func flush() throws(DashboardError) {
        let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == buffer.count else {
            throw .backend("\(path): cannot write the file (\(String(cString: strerror(errno))))")
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

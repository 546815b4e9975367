import DashboardCore
import DashboardScenarios
import Foundation
import OptoLinkToolSupport

/// A file written through a buffer of about 1 MiB (an export of millions of rows in large writes), by the
/// export rules (``ExportWriter``): a new or regular file is whole at its path only once ``close()`` succeeds,
/// a FIFO with no reader is refused at once, and a failed export leaves the path as it was.
package final class ReplayFileWriter {
    private let destination: ExportWriter.Destination
    private var buffer: [UInt8] = []
    private var open = true

    /// Opens the export at `path`.
    /// - Throws: ``DashboardError/export(_:)`` naming the path and why it cannot be written.
    package init(path: String) throws(DashboardError) {
        do {
            destination = try ExportWriter.open(path)
        } catch {
            throw .export("\(error)")
        }
        buffer.reserveCapacity(1 << 20)
    }

    deinit {
        if open { destination.abandon() }
    }

    /// Appends `text`.
    /// - Throws: ``DashboardError/export(_:)`` when a write fails (the export is abandoned).
    package func write(_ text: String) throws(DashboardError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Writes what is buffered and puts the export in place.
    /// - Throws: ``DashboardError/export(_:)`` when that fails (the path is left as it was).
    package func close() throws(DashboardError) {
        try flush()
        open = false
        do {
            try destination.commit()
        } catch {
            throw .export("\(error)")
        }
    }

    private func flush() throws(DashboardError) {
        do {
            try destination.write(buffer)
        } catch {
            open = false
            destination.abandon()
            throw .export("\(error)")
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

import DashboardCore
import Foundation
import OptoLinkServer
import OptoLinkToolSupport

/// The embedded backend `optolink-dash` starts when no `--base-url` is given.
package enum EmbeddedServer {
    /// The database's file name in `--data-dir`.
    package static let databaseFileName = "optolink.sqlite"

    /// Starts an `OptoLinkServer` on 127.0.0.1, a free port, the demo seed, trusting `X-Forwarded-For` (how
    /// one machine simulates devices on different networks); its SQLite database in memory, or in
    /// `dataDirectory` (created if missing) so what it stored survives a restart of the dashboard.
    ///
    /// The server migrates a database of an older version and refuses one of a newer version (its message
    /// names both versions); neither case empties it.
    /// - Throws: ``DashboardError/usage(_:)`` when `dataDirectory` cannot be made or holds another program's
    ///   database (refused unchanged); ``DashboardError/backend(_:)`` when the server cannot start.
    package static func start(dataDirectory: String? = nil) throws(DashboardError) -> OptoLinkServer {
        var databasePath: String?
        if let dataDirectory {
            do {
                try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
            } catch {
                let reason: String
                switch UserFile.kind(of: dataDirectory) {
                case .regular, .stream: reason = "is a file, not a directory"
                case .unreachable(let words): reason = words
                case .directory: reason = "cannot be used"
                }
                throw .usage("--data-dir \(QuotedText.escaped(dataDirectory, limit: 200)): \(reason)")
            }
            databasePath = URL(fileURLWithPath: dataDirectory).appendingPathComponent(databaseFileName).path
        }
        do {
            let server = try OptoLinkServer(
                configuration: .init(
                    host: "127.0.0.1", port: 0, databasePath: databasePath, seed: .demo,
                    trustForwardedFor: true, production: false))
            try server.start()
            return server
        } catch let error as OptoLinkServerError where error.isBadInput {
            throw .usage("--data-dir: \(error)")
        } catch {
            throw .backend("the embedded OptoLink server did not start: \(error)")
        }
    }
}

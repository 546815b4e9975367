import OptoLinkServer

/// The embedded backend `optolink-dash` starts when no `--base-url` is given.
package enum EmbeddedServer {
    /// Starts an `OptoLinkServer` on 127.0.0.1, a free port, in-memory SQLite, the demo seed, trusting
    /// `X-Forwarded-For` (how one machine simulates devices on different networks).
    /// - Throws: ``DashboardError/backend(_:)`` when it cannot start.
    package static func start() throws(DashboardError) -> OptoLinkServer {
        do {
            let server = try OptoLinkServer(
                configuration: .init(
                    host: "127.0.0.1", port: 0, databasePath: nil, seed: .demo,
                    trustForwardedFor: true, production: false))
            try server.start()
            return server
        } catch {
            throw .backend("the embedded OptoLink server did not start: \(error)")
        }
    }
}

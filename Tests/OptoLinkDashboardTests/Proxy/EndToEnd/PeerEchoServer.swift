import OptoLinkHTTP

/// A backend on 127.0.0.1 (a free port) that answers every request with the address it came from.
final class PeerEchoServer: Sendable {
    private let server: HTTPServer

    /// Starts it.
    init() throws {
        server = HTTPServer(host: "127.0.0.1", port: 0) { _, peer, _ in
            .respond(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array(peer.utf8)))
        }
        try server.start()
    }

    /// The bound port.
    var port: Int { server.port }

    /// Stops it.
    func stop() { server.stop() }
}

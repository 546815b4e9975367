import OptoLinkHTTP

/// A backend on 127.0.0.1 (a free port) that answers every request with the address it came from, and
/// ` xff=<value>` when the request carried `X-Forwarded-For`.
final class PeerEchoServer: Sendable {
    private let server: HTTPServer

    /// Starts it.
    init() throws {
        server = HTTPServer(host: "127.0.0.1", port: 0) { request, peer, _ in
            let forwardedFor = request.headers.last { $0.name.lowercased() == "x-forwarded-for" }?.value
            let text = peer + (forwardedFor.map { " xff=\($0)" } ?? "")
            return .respond(
                HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array(text.utf8)))
        }
        try server.start()
    }

    /// The bound port.
    var port: Int { server.port }

    /// Stops it.
    func stop() { server.stop() }
}

import Foundation
import OptoLinkHTTP

// Serves answers a seed cannot produce (a redirect, another Content-Type, no Cache-Control, a skewed Date, a
// page without a token, a request that never gets an answer in time) over the server's own HTTP/1.1 layer.
// It takes and returns plain values, so the test files never see the HTTP layer's `HTTPRequest` /
// `HTTPResponse`; it opens no module's internals, so `swift build -c release` builds it too.

/// What a test's route table answers.
package struct StubAnswer: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]
    /// Seconds to hold the answer back (the server's own delay outcome).
    package var delay: TimeInterval?

    package init(
        status: Int, headers: [(name: String, value: String)] = [], body: String = "", delay: TimeInterval? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = Array(body.utf8)
        self.delay = delay
    }

    package init(status: Int, headers: [(name: String, value: String)], bytes: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = bytes
        self.delay = nil
    }
}

/// An HTTP server on 127.0.0.1, a free port, built on the reference server's `HTTPServer` with a route table
/// of the test's own: `(method, path) → StubAnswer`. Records the requests it got as `METHOD /path`.
package final class StubHTTPServer: Sendable {
    private let server: HTTPServer
    private let received = Locked([String]())

    /// Starts serving `routes`; a request it has no answer for gets a 404 envelope.
    package init(_ routes: @escaping @Sendable (_ method: String, _ path: String) -> StubAnswer?) throws {
        let received = self.received
        server = HTTPServer(host: "127.0.0.1", port: 0) { request, _, stage in
            let delayed = stage.faultsApplied
            let path = "/" + request.segments.joined(separator: "/")
            if !delayed { received.withLock { $0.append("\(request.method) \(path)") } }
            guard let answer = routes(request.method, path) else {
                return .respond(Self.noRoute(method: request.method, path: path))
            }
            if let delay = answer.delay, !delayed { return .delay(delay) }
            return .respond(HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body))
        }
        try server.start()
    }

    /// The 404 envelope `{"message": "No route for METHOD /path"}`.
    private static func noRoute(method: String, path: String) -> HTTPResponse {
        let body =
            (try? JSONSerialization.data(withJSONObject: ["message": "No route for \(method) \(path)"])) ?? Data()
        return HTTPResponse(
            status: 404, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(body))
    }

    /// `http://127.0.0.1:<port>`.
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    /// The requests served so far, as `METHOD /path`.
    package var requests: [String] { received.withLock { $0 } }

    /// Closes the listener and every connection.
    package func stop() { server.stop() }
}

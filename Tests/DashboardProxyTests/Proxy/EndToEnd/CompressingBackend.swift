import DashboardTestSupport
import Foundation
import OptoLinkHTTP

/// A backend that answers gzip to a request accepting it (or to every request when `always`), plain JSON
/// otherwise, and remembers the `Accept-Encoding` each request carried.
final class CompressingBackend: Sendable {
    /// `{"path":"/promo/summer"}` compressed with gzip (Python's `gzip.compress(…, mtime=0)`).
    static let gzipped: [UInt8] = [
        31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 42, 72, 44, 201, 80, 178, 82, 210, 47, 40, 202, 207, 205, 215, 47,
        46, 205, 205, 77, 45, 82, 170, 5, 0, 5, 174, 160, 157, 24, 0, 0, 0,
    ]
    /// The JSON it holds.
    static let plain = #"{"path":"/promo/summer"}"#

    private let server: HTTPServer
    private let seen = Sink<String?>()

    init(always: Bool = false) throws {
        let seen = self.seen
        server = HTTPServer(host: "127.0.0.1", port: 0) { request, _, _ in
            let accepts = request.headers.last { $0.name.lowercased() == "accept-encoding" }?.value
            seen.append(accepts)
            let compress = always || (accepts?.lowercased().contains("gzip") ?? false)
            var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
            if compress { headers.append(("Content-Encoding", "gzip")) }
            return .respond(
                HTTPResponse(
                    status: 200, headers: headers,
                    body: compress ? CompressingBackend.gzipped : Array(CompressingBackend.plain.utf8)))
        }
        try server.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(server.port)")! }
    var acceptEncodings: [String?] { seen.values }
    func stop() { server.stop() }
}

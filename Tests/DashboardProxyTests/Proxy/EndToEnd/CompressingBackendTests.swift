import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardProxy

/// The fault proxy in front of a backend that compresses its answers, as nginx with `gzip on` does: the app
/// behind the proxy reads the JSON whichever way the proxy reached the backend. Real sockets on 127.0.0.1.
@Suite("Fault proxy in front of a compressing backend", .serialized)
struct CompressingBackendTests {

    /// `GET /demo/summer/data` through a proxy in front of `backend`, from the simulated network `network`
    /// (nil: no `X-Forwarded-For`, so the proxy goes upstream through URLSession), accepting gzip as libcurl
    /// and CFNetwork do.
    static func fetch(through backend: CompressingBackend, network: String?) async throws -> HTTPResponse {
        let proxy = FaultProxy(upstream: backend.url, onEvent: { _ in })
        try proxy.start()
        defer { proxy.stop() }
        var headers = ["Accept-Encoding": "deflate, gzip, br, zstd"]
        if let network { headers["X-Forwarded-For"] = network }
        let request = HTTPRequest(
            method: "GET", url: URL(string: proxy.url.absoluteString + "/demo/summer/data")!, headers: headers,
            timeout: 30)
        return try await URLSessionTransport().send(request)
    }

    @Test(arguments: ["203.0.113.10", nil])
    func theAppReadsTheJSONOfABackendThatCompresses(network: String?) async throws {
        // Given a backend that compresses for whoever accepts it
        let backend = try CompressingBackend()
        defer { backend.stop() }
        // When the app, accepting gzip, asks through the proxy
        let response = try await Self.fetch(through: backend, network: network)
        // Then it reads the JSON
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == CompressingBackend.plain)
    }

    @Test(arguments: ["203.0.113.10", nil])
    func aBackendThatCompressesUnaskedStillReachesTheAppReadable(network: String?) async throws {
        // Given a backend that compresses every answer, asked or not
        let backend = try CompressingBackend(always: true)
        defer { backend.stop() }
        // When the app asks through the proxy
        let response = try await Self.fetch(through: backend, network: network)
        // Then the JSON arrives readable: the proxy either decoded it or passed its encoding on
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == CompressingBackend.plain)
    }
}

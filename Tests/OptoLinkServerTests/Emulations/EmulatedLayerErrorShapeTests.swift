import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

/// The errors the HTTP layer answers itself, before the router sees the request (413 over 1 MiB, 411,
/// a malformed target or query, 431, 505, a header problem, 408), take the shape of the service whose
/// paths the request is under, as the routes' own errors do; OptoLink's paths keep the envelope.
/// Over a real loopback socket, since only the server's wiring of the layer decides the shape.
@Suite struct EmulatedLayerErrorShapeTests {
    /// A service's paths and where its error shape puts things.
    struct Service: Sendable, CustomTestStringConvertible {
        var name: String
        /// One path under each of the service's prefixes.
        var paths: [String]
        /// The error body's top-level members.
        var members: Set<String>
        /// Where the shape puts the message.
        var message: @Sendable (JSON?) -> JSON?
        /// Where the shape puts the error's code (nil: the shape has none).
        var code: (@Sendable (JSON?) -> JSON?)? = nil
        var testDescription: String { name }
    }

    static let quberoute = Service(
        name: "QubeRoute", paths: ["/api/v1/sdk/resolve", "/qr/spring"], members: ["error", "requestId"],
        message: { $0?["error"]?["message"] }, code: { $0?["error"]?["code"] })
    static let deepblue = Service(
        // `/%64bl/` is `/dbl/` to the router: its path is read decoded here too
        name: "Deep Blue", paths: ["/api/links/resolve", "/dbl/abc123", "/%64bl/abc123"], members: ["detail"],
        message: { $0?["detail"] })
    static let appsflyer = Service(
        name: "AppsFlyer", paths: ["/v1.0/ios/id123456789", "/ios/id123456789", "/af/id123456789/spring"],
        members: ["code", "message"], message: { $0?["message"] }, code: { $0?["code"] })
    static let optolink = Service(
        name: "OptoLink", paths: ["/match", "/sdk/events"], members: ["message", "requestId"],
        message: { $0?["message"] })

    /// An error the layer answers, as the raw request that causes it (to `path`) and the answer expected.
    struct LayerError: Sendable {
        var status: Int
        var message: String
        /// The code in the shapes that have one (QubeRoute's, AppsFlyer's).
        var code: String
        var request: @Sendable (_ path: String) -> String
    }

    static let errors: [LayerError] = [
        LayerError(status: 413, message: "Request body too large (limit 1048576 bytes)", code: "payload_too_large") {
            "POST \($0) HTTP/1.1\r\nHost: x\r\nContent-Length: 2097152\r\n\r\n"
        },
        LayerError(
            status: 411, message: "Transfer-Encoding is not supported; send the body with Content-Length",
            code: "length_required"
        ) {
            "POST \($0) HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
        },
        LayerError(status: 400, message: "Malformed query string", code: "invalid_request") {
            "GET \($0)?a=%zz HTTP/1.1\r\nHost: x\r\n\r\n"
        },
        LayerError(status: 400, message: "Malformed request target", code: "invalid_request") {
            "GET \($0)/%zz HTTP/1.1\r\nHost: x\r\n\r\n"
        },
        LayerError(
            status: 431, message: "Request header fields too large (limit 16384 bytes)",
            code: "header_fields_too_large"
        ) {
            "GET \($0) HTTP/1.1\r\nHost: x\r\nX-Padding: \(String(repeating: "p", count: 17 * 1024))\r\n\r\n"
        },
        LayerError(
            status: 505, message: "HTTP version not supported: HTTP/2.0", code: "http_version_not_supported"
        ) { "GET \($0) HTTP/2.0\r\n\r\n" },
        LayerError(status: 400, message: "More than one Host header", code: "invalid_request") {
            "GET \($0) HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n"
        },
    ]

    /// `response` is `status` with `message` (and `code`, where the shape has one) in `service`'s shape,
    /// closes the connection, and names its request id in `X-Request-Id` (and in the body, where the shape
    /// has one).
    static func expect(
        _ response: TestResponse, _ status: Int, _ message: String, code: String, in service: Service,
        _ context: String
    ) {
        #expect(response.status == status, "\(context)")
        if let readCode = service.code {
            #expect(readCode(response.json)?.stringValue == code, "\(context): \(response.text)")
        }
        #expect(
            Set(response.json?.objectValue.map { Array($0.keys) } ?? []) == service.members,
            "\(context): \(response.text)")
        #expect(service.message(response.json)?.stringValue == message, "\(context): \(response.text)")
        let requestId = response.header("X-Request-Id")
        #expect(requestId?.hasPrefix("req_") == true, "\(context)")
        if service.members.contains("requestId") {
            #expect(response.json?["requestId"]?.stringValue == requestId, "\(context)")
        }
        #expect(response.header("Connection") == "close", "\(context)")
    }

    @Test(arguments: [quberoute, deepblue, appsflyer, optolink])
    func errorsTheLayerAnswersAreInTheShapeOfTheServiceOfTheirPath(_ service: Service) throws {
        // Given the reference server
        let server = try TestServer()
        defer { server.stop() }
        for path in service.paths {
            for error in Self.errors {
                // When a request the HTTP layer refuses is sent to one of the service's paths
                let connection = server.connection()
                connection.send(error.request(path))
                // Then the answer is in that service's error shape
                let response = try #require(connection.readResponse(), "\(error.status) \(path)")
                Self.expect(
                    response, error.status, error.message, code: error.code, in: service, "\(error.status) \(path)")
            }
        }
    }

    @Test func aRequestThatTimesOutHalfReadIsA408InTheShapeOfItsService() throws {
        // Given a server with a one-second request timeout
        let server = try TestServer(limits: HTTPServerTests.fast)
        defer { server.stop() }
        let services = [Self.quberoute, Self.deepblue, Self.appsflyer, Self.optolink]
        // When a head is sent to a path of each service, and only part of the body it announced
        let connections = services.map { service in
            let connection = server.connection(timeout: 5)
            connection.send("POST \(service.paths[0]) HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"a\":")
            return connection
        }
        // Then each times out with a 408 in its service's shape
        for (service, connection) in zip(services, connections) {
            let response = try #require(connection.readResponse(), "\(service.name)")
            Self.expect(
                response, 408, "Request timed out before it was complete", code: "request_timeout", in: service,
                service.name)
        }
    }
}

import Foundation
import Testing

@testable import OptoLinkServer

/// Every answer names the implementation (`Server: optolink-reference`), in production too: how a client
/// such as the dashboard knows the reference engine decides the emulated services' matches.
@Suite struct ServerHeaderTests {
    @Test func everyAnswerRoutedOrNotNamesTheReferenceServer() throws {
        for production in [false, true] {
            let server = try TestServer(production: production)
            defer { server.stop() }
            for raw in [
                "GET /health HTTP/1.1\r\nHost: x\r\n\r\n",  // a route
                "GET /no/such/route/at/all HTTP/1.1\r\nHost: x\r\n\r\n",  // the router's 404
                "POST /api/v1/sdk/match HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}",  // QubeRoute's 401
                "HELLO\r\n\r\n",  // the HTTP layer's own 400
            ] {
                let connection = server.connection()
                connection.send(raw)
                let response = try #require(connection.readResponse(), "\(raw)")
                #expect(response.header("Server") == OptoLinkServer.serverName, "\(raw): \(response.status)")
            }
        }
    }
}

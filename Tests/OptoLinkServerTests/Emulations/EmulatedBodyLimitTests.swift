import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

/// The emulated services' small-body routes (resolve, match, check-deferred, AppsFlyer's request) read at
/// most 16 KiB: a larger body is a 413 in the service's own shape before anything parses it, so a client
/// sending megabytes of JSON (AppsFlyer's route checks the signature only after reading the body) spends
/// no thread on parsing it.
@Suite struct EmulatedBodyLimitTests {
    /// One small-body route: how to call it and where its error shape puts the message.
    struct SmallRoute: Sendable, CustomTestStringConvertible {
        var path: String
        var headers: [String]
        var message: @Sendable (JSON?) -> JSON?
        var testDescription: String { path }
    }

    static let routes: [SmallRoute] = [
        SmallRoute(
            path: "/api/v1/sdk/resolve", headers: ["Authorization: Bearer \(QubeRouteTests.live)"],
            message: { $0?["error"]?["message"] }),
        SmallRoute(
            path: "/api/v1/sdk/match", headers: ["Authorization: Bearer \(QubeRouteTests.live)"],
            message: { $0?["error"]?["message"] }),
        SmallRoute(
            path: "/api/links/resolve", headers: ["Api-Key: \(DeepBlueTests.sandbox)"], message: { $0?["detail"] }),
        SmallRoute(
            path: "/api/links/check-deferred", headers: ["Api-Key: \(DeepBlueTests.sandbox)"],
            message: { $0?["detail"] }),
        SmallRoute(
            path: "/v1.0/ios/id123456789?af_sig=\(String(repeating: "0", count: 64))", headers: [],
            message: {
                $0?["message"]
            }),
        SmallRoute(
            path: "/ios/id123456789?af_sig=\(String(repeating: "0", count: 64))", headers: [],
            message: {
                $0?["message"]
            }),
    ]

    /// A JSON object of exactly `bytes` bytes.
    static func body(bytes: Int) -> String {
        #"{"pad":""# + String(repeating: "x", count: bytes - 10) + #""}"#
    }

    func post(_ emulation: EmulationRouter, _ route: SmallRoute, body: String) throws -> HTTPResponse {
        let headers = route.headers.map { line -> (name: String, value: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
        }
        return try emulation.respond(
            "POST", route.path, headers: headers + [("Content-Type", "application/json")], body: body)
    }

    @Test(arguments: routes)
    func aBodyOverSixteenKiBIsA413InTheServicesShapeAndOneAtTheLimitIsRead(_ route: SmallRoute) throws {
        let emulation = try EmulationRouter()
        // Given a body one byte over the route's limit
        #expect(Self.body(bytes: Route.smallBodyBytes + 1).utf8.count == Route.smallBodyBytes + 1)
        let over = try post(emulation, route, body: Self.body(bytes: Route.smallBodyBytes + 1))
        // Then it is refused unread, in the service's shape
        #expect(over.status == 413)
        #expect(route.message(EmulationRouter.json(over)) == "Request body too large (limit 16384 bytes)")
        // And a body at the limit is read: the route's own answer (its validation), not a 413
        let at = try post(emulation, route, body: Self.body(bytes: Route.smallBodyBytes))
        #expect(at.status != 413)
        #expect((400...499).contains(at.status))
    }

    @Test(arguments: routes)
    func aLargerDeclaredBodyIsRefusedAsSoonAsTheHeadArrivesWithoutAContinue(_ route: SmallRoute) throws {
        let server = try TestServer()
        defer { server.stop() }
        // Given a head that declares one byte over the route's limit, asks for 100-continue and sends no body
        let connection = server.connection(timeout: 5)
        let headers = route.headers.map { $0 + "\r\n" }.joined()
        connection.send(
            "POST \(route.path) HTTP/1.1\r\nHost: x\r\n\(headers)Content-Type: application/json\r\n"
                + "Expect: 100-continue\r\nContent-Length: \(Route.smallBodyBytes + 1)\r\n\r\n")
        // Then the first answer is the 413 in the service's shape (not a 100 Continue, not the 408 of a
        // request that waited for its body)
        let response = try #require(connection.readResponse())
        #expect(response.status == 413)
        #expect(route.message(response.json) == "Request body too large (limit 16384 bytes)")
    }

    @Test func aLowerCaseMethodOnAServicesRouteIsA405InThatServicesShape() throws {
        let server = try TestServer()
        defer { server.stop() }
        // Given a method that is a token but not one the route serves (methods are case-sensitive)
        for method in ["post", "M-SEARCH"] {
            let response = try #require(
                server.connection().request(
                    method, "/api/v1/sdk/resolve", headers: ["Authorization": "Bearer \(QubeRouteTests.live)"],
                    body: "{}", keepAlive: false))
            // Then it is QubeRoute's 405 naming the method the route takes, not a malformed request line
            #expect(response.status == 405)
            #expect(response.json?["error"]?["code"]?.stringValue == "method_not_allowed")
            #expect(response.header("Allow") == "POST")
        }
    }

    @Test func theEventsRouteStillTakesItsHundredEventBatches() throws {
        // Given a QubeRoute events batch over 16 KiB (100 events are up to ~1 MiB)
        let emulation = try EmulationRouter()
        let events = (0..<100).map {
            #"{"eventId":"e\#($0)","name":"n","properties":{"p":"\#(String(repeating: "x", count: 200))"}}"#
        }
        let body = #"{"installToken":"\#(QubeRouteTests.token)","events":[\#(events.joined(separator: ","))]}"#
        #expect(body.utf8.count > Route.smallBodyBytes)
        let response = try emulation.respond(
            "POST", "/api/v1/sdk/events",
            headers: [("Authorization", "Bearer \(QubeRouteTests.live)"), ("Content-Type", "application/json")],
            body: body)
        #expect(response.status == 200)
    }
}

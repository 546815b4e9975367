import Foundation
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkServer

/// The `package` hook through which an embedding program adds routes (``ExtraRoute``), and the shipped server
/// without any: no `/dev/lab`.
@Suite struct ExtraRouteTests {
    /// A server of `routes` on a settable clock (not bound: answered by its router).
    func server(_ routes: [ExtraRoute], production: Bool = false) throws -> OptoLinkServer {
        var configuration = OptoLinkServer.Configuration(port: 0, production: production, log: .discarding)
        configuration.extraRoutes = routes
        return try OptoLinkServer(
            configuration: configuration, clock: SettableServerClock(Date(timeIntervalSince1970: 1_800_000_000)))
    }

    func respond(_ server: OptoLinkServer, _ method: String, _ path: String, body: String = "") throws -> HTTPResponse {
        let request = try HTTPRequest(method: method, target: path, headers: [], body: Array(body.utf8))
        guard case .respond(let response) = server.router.handle(request, peer: "127.0.0.1") else {
            throw OptoLinkServerError.startup("not a response")
        }
        return response
    }

    /// A route that sets the server's clock to the body's `now` and answers it.
    let setClock = ExtraRoute("POST", "/dev/time") { request in
        let date = try request.time(field: "now")
        guard let clock = request.clock as? SettableServerClock else { throw OptoLinkServerError.conflict("fixed") }
        clock.set(date)
        return request.answer(["now": .string(request.timeString(date))])
    }

    @Test func theShippedServerHasNoLabRoutes() throws {
        // Given a server without any added route
        let plain = try server([])

        // Then /dev/lab and its clock are a 404 in the envelope, as any unknown path
        let status = try respond(plain, "GET", "/dev/lab")
        #expect(status.status == 404)
        #expect(String(decoding: status.body, as: UTF8.self).contains("No route for GET /dev/lab"))
        #expect(try respond(plain, "POST", "/dev/lab/clock", body: #"{"now":"2027-01-16T08:00:00Z"}"#).status == 404)
    }

    @Test func anAddedRouteAnswersWithTheServersClockAndErrorShapes() throws {
        // Given a server with a route that sets its clock
        let server = try server([setClock])

        // When it is asked to set a time, a time that does not exist, and with a field it does not know
        let set = try respond(server, "POST", "/dev/time", body: #"{"now":"2027-01-16T08:00:00.000Z"}"#)
        let missing = try respond(server, "POST", "/dev/time", body: #"{"now":"2027-02-30T08:00:00Z"}"#)
        let unknown = try respond(server, "POST", "/dev/time", body: #"{"then":"x"}"#)

        // Then the clock reads the time, and the bad bodies are the validator's 400 naming the field
        #expect(set.status == 200 && String(decoding: set.body, as: UTF8.self).contains("2027-01-16T08:00:00.000Z"))
        #expect(server.backend.clock.now() == ISOTime.parse("2027-01-16T08:00:00.000Z"))
        #expect(missing.status == 400 && String(decoding: missing.body, as: UTF8.self).contains("now"))
        #expect(unknown.status == 400 && String(decoding: unknown.body, as: UTF8.self).contains("then"))
        #expect(try respond(server, "GET", "/dev/time").status == 405)
    }

    @Test func productionHidesAnAddedDevRouteButNotAnotherOne() throws {
        // Given a production server with a /dev route and an ordinary one
        let ping = ExtraRoute("GET", "/ping") { request in request.answer(["ok": .bool(true)]) }
        let server = try server([setClock, ping], production: true)

        // Then the /dev route is absent, the other one answers
        #expect(try respond(server, "POST", "/dev/time", body: #"{"now":"2027-01-16T08:00:00Z"}"#).status == 404)
        #expect(try respond(server, "GET", "/ping").status == 200)
    }

    @Test func aClockThatCannotBeSetIsAConflict() throws {
        // Given a server on the system's clock with the same route
        var configuration = OptoLinkServer.Configuration(port: 0, log: .discarding)
        configuration.extraRoutes = [setClock]
        let server = try OptoLinkServer(configuration: configuration)

        // Then setting its time is a 409
        #expect(try respond(server, "POST", "/dev/time", body: #"{"now":"2027-01-16T08:00:00Z"}"#).status == 409)
    }
}

import Foundation
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkLabEngine
@testable import OptoLinkServer

/// `/dev/lab` and `/dev/lab/clock`: a reference server opened to the match lab run from another program, its
/// routes added through the server's ``ExtraRoute`` hook. Answered by the server's router, without a socket.
@Suite("Lab control: /dev/lab")
struct LabRoutesTests {
    /// What a route answered: its status, its body's text and JSON.
    struct Answer {
        var status: Int
        var text: String
        var json: JSON? { try? JSONParser.parse(Array(text.utf8)) }
    }

    /// A server configured as `optolink-lab-server --links 50 --window 2` starts it (not bound).
    static func labServer(production: Bool = false) throws -> OptoLinkServer {
        var configuration = OptoLinkServer.Configuration(port: 0, production: production, log: .discarding)
        LabControl(links: 50, windowHours: 2).apply(to: &configuration)
        return try OptoLinkServer(
            configuration: configuration, clock: SettableServerClock(Date(timeIntervalSince1970: 1_800_000_000)))
    }

    static func request(_ server: OptoLinkServer, _ method: String, _ path: String, body: String? = nil) -> Answer? {
        var headers: [(name: String, value: String)] = []
        if body != nil { headers.append(("Content-Type", "application/json")) }
        guard
            let request = try? HTTPRequest(
                method: method, target: path, headers: headers, body: Array((body ?? "").utf8)),
            case .respond(let response) = server.router.handle(request, peer: "127.0.0.1")
        else { return nil }
        return Answer(status: response.status, text: String(decoding: response.body, as: UTF8.self))
    }

    @Test func aLabServerSaysItsLinksAndWindowAndTakesTheLabsClock() throws {
        // Given a server with 50 lab links matching for 2 hours
        let server = try Self.labServer()

        // When the lab reads its control, then sets its clock a day on
        let status = try #require(Self.request(server, "GET", "/dev/lab"))
        let set = try #require(
            Self.request(server, "POST", "/dev/lab/clock", body: #"{"now":"2027-01-16T08:00:00.000Z"}"#))

        // Then it says what it holds, and its clock reads the lab's time from then on
        #expect(status.status == 200)
        #expect(status.json?["links"]?.numberValue == 50 && status.json?["windowHours"]?.numberValue == 2)
        #expect(status.json?["clockSettable"] == .bool(true))
        #expect(set.status == 200 && set.json?["now"]?.stringValue == "2027-01-16T08:00:00.000Z")
        #expect(server.backend.clock.now() == ISOTime.parse("2027-01-16T08:00:00.000Z"))
    }

    @Test func aLabServerHasTheLabsLinksInEveryServiceAndNoLimits() throws {
        // Given the same server
        let server = try Self.labServer()

        // Then its seed is the demo's plus lab0…lab49 in every service, matching for 2 hours, limits off
        let seed = server.configuration.seed
        let optoLink = seed.orgs.first { $0.orgKey == "demo" }?.links ?? []
        #expect(optoLink.filter { $0.shortCode.hasPrefix("lab") }.count == 50)
        #expect(optoLink.first { $0.shortCode == "lab49" }?.matchWindowHours == 2)
        #expect(seed.emulations?.quberoute?.projects[0].links.contains { $0.alias == "lab0" } == true)
        #expect(seed.emulations?.deepblue?.apps[0].links.contains { $0.code == "lab0" } == true)
        #expect(seed.emulations?.appsflyer?.apps[0].links.contains { $0.id == "lab0" } == true)
        #expect(!server.configuration.rateLimited && server.configuration.trustForwardedFor)
    }

    @Test func aBadClockIsRefusedAndAServerWithoutLabControlHasNone() throws {
        // Given a lab server, an ordinary server and a lab server in production
        let lab = try Self.labServer()
        let plain = try OptoLinkServer(configuration: .init(port: 0, log: .discarding))
        let production = try Self.labServer(production: true)

        // Then a time that does not exist is a 400 naming the field; the others have no /dev/lab
        let bad = try #require(Self.request(lab, "POST", "/dev/lab/clock", body: #"{"now":"2027-02-30T08:00:00Z"}"#))
        #expect(bad.status == 400 && bad.text.contains("now"))
        #expect(Self.request(plain, "GET", "/dev/lab")?.status == 404)
        #expect(Self.request(plain, "POST", "/dev/lab/clock", body: #"{"now":"2027-01-16T08:00:00Z"}"#)?.status == 404)
        #expect(Self.request(production, "GET", "/dev/lab")?.status == 404)
    }

    @Test func theNumbersMustFitAServer() {
        #expect(LabControl(links: 0, windowHours: 24).problem != nil)
        #expect(LabControl(links: LabControl.maxLinks + 1, windowHours: 24).problem != nil)
        #expect(LabControl(links: 10, windowHours: 721).problem != nil)
        #expect(LabControl(links: 10, windowHours: 24).problem == nil)
        #expect(LabControl.click(ofPath: "/" + LabControl.code(ofClick: 17)) == 17)
        #expect(LabControl.click(ofPath: "/summer") == nil)
    }
}

import DashboardTestSupport
import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardDoctor
@testable import DashboardScenarios

/// URLSession follows redirects unless told not to, on Linux too: the doctor's transport must hand a 3xx
/// back as it came.
@Suite("NoRedirectTransport on FoundationNetworking")
struct NoRedirectTransportTests {
    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectComesBackAsItWasSent(status: Int) async throws {
        // Given a server that redirects /from to /to
        let stub = try StubHTTPServer { _, path in
            switch path {
            case "/from": StubAnswer(status: status, headers: [("Location", "/to")], body: "moved")
            case "/to": StubAnswer(status: 200, body: "followed")
            default: nil
            }
        }
        defer { stub.stop() }
        // When the transport asks for /from
        let response = try await NoRedirectTransport().send(
            HTTPRequest(method: "GET", url: stub.baseURL.appendingPathComponent("from"), timeout: 5))
        // Then it gets the redirect itself, with its Location, and /to is never asked for
        // (FoundationNetworking drops the 3xx's own body when the redirect is refused: measured, not needed)
        #expect(response.status == status)
        #expect(response.header("Location") == "/to")
        #expect(Self.redirectRequests(stub) == ["GET /from"])
    }

    /// The stub's requests for the two paths these tests serve. A full run once saw a stray
    /// `/sdk/session` request here: another test's SDK, still retrying against the port this stub was given
    /// after its own server stopped; only these paths are this test's.
    static func redirectRequests(_ stub: StubHTTPServer) -> [String] {
        stub.requests.filter { $0.hasSuffix(" /from") || $0.hasSuffix(" /to") }
    }

    @Test func theSDKsTransportWouldHaveFollowedIt() async throws {
        // The reason this transport exists: URLSession's default follows the redirect.
        let stub = try StubHTTPServer { _, path in
            path == "/from"
                ? StubAnswer(status: 302, headers: [("Location", "/to")])
                : path == "/to" ? StubAnswer(status: 200, body: "followed") : nil
        }
        defer { stub.stop() }
        let response = try await URLSessionTransport().send(
            HTTPRequest(method: "GET", url: stub.baseURL.appendingPathComponent("from"), timeout: 5))
        #expect(response.status == 200)
        #expect(Self.redirectRequests(stub) == ["GET /from", "GET /to"])
    }

    @Test func headersAndBodyOfAPostArriveAndTheAnswerHeadersAreRead() async throws {
        let stub = try StubHTTPServer { method, path in
            method == "POST" && path == "/echo"
                ? StubAnswer(
                    status: 404, headers: [("X-Seen", "yes"), ("Date", "Sun, 06 Nov 1994 08:49:37 GMT")], body: "{}")
                : nil
        }
        defer { stub.stop() }
        let response = try await NoRedirectTransport().send(
            HTTPRequest(
                method: "POST", url: stub.baseURL.appendingPathComponent("echo"),
                headers: ["Content-Type": "application/json"], body: Data("{}".utf8), timeout: 5))
        #expect(response.status == 404)
        #expect(response.header("x-seen") == "yes")
        #expect(response.header("Date") == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func aRefusedConnectionThrowsCannotConnect() async throws {
        let unused = UnusedPort()
        await #expect(throws: URLError.self) {
            _ = try await NoRedirectTransport().send(
                HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(unused.port)/health")!, timeout: 5))
        }
        let exchangeFailure = await DoctorRunner(
            options: DoctorOptions(baseURL: URL(string: "http://127.0.0.1:\(unused.port)")!, orgKey: .demo)
        ).run()
        #expect(exchangeFailure.check("host.answers")?.detail.contains("connection refused") == true)
        #expect(exchangeFailure.exitCode == DoctorExitCode.unreachable)
    }
}

import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

/// The breaks a seed cannot express, served by `StubHTTPServer` (the reference server's own HTTP layer with
/// a route table of the test's): each test changes one answer of a backend that otherwise answers like the
/// reference server, and exactly the line that checks it stops passing.
@Suite("Doctor against answers the reference server never gives")
struct DoctorStubServerTests {
    static let page =
        #"<input id="token" type="hidden" value="opl_ZT2pX5570WBwvVkAeBEMjQ"><script>var "#
        + #"token = "opl_ZT2pX5570WBwvVkAeBEMjQ";</script>"#
    static let json = ("Content-Type", "application/json; charset=utf-8")

    /// The reference server's answers for org demo, with a correct `Date`, and `override` consulted first.
    static func routes(_ override: @escaping @Sendable (String, String) -> StubAnswer? = { _, _ in nil })
        -> @Sendable (String, String) -> StubAnswer?
    {
        { method, path in
            if let answer = override(method, path) { return answer }
            let date = ("Date", HTTPDate.string(Date()))
            switch (method, path) {
            case ("GET", "/health"): return StubAnswer(status: 200, headers: [Self.json, date], body: #"{"ok":true}"#)
            case ("GET", "/.well-known/apple-app-site-association"):
                return StubAnswer(
                    status: 200, headers: [Self.json, ("Cache-Control", "max-age=3600"), date],
                    body: DoctorFixtures.goodAASA)
            case ("POST", "/sdk/identity/clear"):
                return StubAnswer(
                    status: 404, headers: [Self.json, date],
                    body: #"{"message":"Unknown device","details":[{"message":"unknown deviceId","field":"deviceId"}]}"#
                )
            case ("GET", "/demo/summer/data"):
                return StubAnswer(
                    status: 200, headers: [Self.json, date],
                    body: #"{"linkId":"l1","path":"/promo/summer","params":{}}"#)
            case ("GET", "/demo/summer"):
                return StubAnswer(status: 200, headers: [("Content-Type", "text/html"), date], body: page)
            case ("POST", "/match"):
                return StubAnswer(
                    status: 200, headers: [Self.json, date],
                    body:
                        #"{"matched":true,"matchMethod":"CLIPBOARD","matchConfidence":"exact","#
                        + #""linkId":"l1","path":"/promo/summer","params":{}}"#
                )
            default: return nil
            }
        }
    }

    func run(_ stub: StubHTTPServer, timeout: Int = 10) async -> DoctorReport {
        let options = DoctorOptions(
            baseURL: stub.baseURL, orgKey: .demo, apiKey: APIKey(rawValue: DoctorSeeds.clientKey),
            teamId: DoctorSeeds.teamId,
            bundleId: DoctorSeeds.bundleId, link: "summer", timeout: timeout)
        return await DoctorRunner(options: options).run()
    }

    func notPassing(_ report: DoctorReport) -> [String] {
        report.checks.filter { $0.status != .pass }.map { "\($0.id): \($0.status.rawValue)" }
    }

    @Test func theBaselineAnswersPassEveryLineIncludingTheClock() async throws {
        let stub = try StubHTTPServer(Self.routes())
        defer { stub.stop() }
        let report = await run(stub)
        #expect(notPassing(report) == [])
        #expect(report.check("clock.skew")?.detail.contains("±") == true)
    }

    @Test func aRedirectedAASAIsNotFollowed() async throws {
        // Given the AASA redirects to a path that would serve a perfect file
        let stub = try StubHTTPServer(
            Self.routes { method, path in
                switch path {
                case "/.well-known/apple-app-site-association":
                    StubAnswer(status: 301, headers: [("Location", "/aasa-elsewhere")])
                case "/aasa-elsewhere":
                    StubAnswer(
                        status: 200, headers: [Self.json, ("Cache-Control", "max-age=3600")],
                        body: DoctorFixtures.goodAASA)
                default: nil
                }
            })
        defer { stub.stop() }
        // When the doctor runs
        let report = await run(stub)
        // Then the status line fails with the redirect, the rest of the file's lines are skipped
        #expect(report.check("aasa.status")?.detail == "301 redirect to /aasa-elsewhere")
        #expect(
            notPassing(report) == [
                "aasa.status: fail", "aasa.contentType: skip", "aasa.size: skip", "aasa.json: skip",
                "aasa.appID: skip", "aasa.paths: skip", "aasa.cacheControl: skip",
            ])
        // and the redirect target was never asked for
        #expect(!stub.requests.contains("GET /aasa-elsewhere"))
    }

    @Test func aWrongContentTypeFailsOnlyThatLine() async throws {
        let stub = try StubHTTPServer(
            Self.routes { _, path in
                path == "/.well-known/apple-app-site-association"
                    ? StubAnswer(
                        status: 200, headers: [("Content-Type", "text/plain"), ("Cache-Control", "max-age=3600")],
                        body: DoctorFixtures.goodAASA)
                    : nil
            })
        defer { stub.stop() }
        let report = await run(stub)
        #expect(notPassing(report) == ["aasa.contentType: fail"])  // the clock reads the other answers' Date
        #expect(report.check("aasa.contentType")?.detail == "text/plain")
    }

    @Test func aMissingCacheControlFailsOnlyThatLine() async throws {
        let stub = try StubHTTPServer(
            Self.routes { _, path in
                path == "/.well-known/apple-app-site-association"
                    ? StubAnswer(
                        status: 200, headers: [Self.json, ("Date", HTTPDate.string(Date()))],
                        body: DoctorFixtures.goodAASA)
                    : nil
            })
        defer { stub.stop() }
        let report = await run(stub)
        #expect(notPassing(report) == ["aasa.cacheControl: fail"])
    }

    @Test func anInvalidFileFailsItsJSONLine() async throws {
        let stub = try StubHTTPServer(
            Self.routes { _, path in
                path == "/.well-known/apple-app-site-association"
                    ? StubAnswer(
                        status: 200,
                        headers: [Self.json, ("Cache-Control", "max-age=3600"), ("Date", HTTPDate.string(Date()))],
                        body: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.demo"],}]}"#)
                    : nil
            })
        defer { stub.stop() }
        let report = await run(stub)
        #expect(notPassing(report) == ["aasa.json: fail", "aasa.appID: skip", "aasa.paths: skip"])
    }

    @Test func anOversizedFileServedAsIsFailsItsSize() async throws {
        // Given a valid file padded with a 140 000-character comment
        let padded =
            #"{"comment":""# + String(repeating: "x", count: 140_000) + #"","# + DoctorFixtures.goodAASA.dropFirst()
        let stub = try StubHTTPServer(
            Self.routes { _, path in
                path == "/.well-known/apple-app-site-association"
                    ? StubAnswer(
                        status: 200,
                        headers: [Self.json, ("Cache-Control", "max-age=3600"), ("Date", HTTPDate.string(Date()))],
                        body: padded)
                    : nil
            })
        defer { stub.stop() }
        let report = await run(stub)
        #expect(notPassing(report) == ["aasa.size: fail"])
        #expect(report.check("aasa.size")?.detail.hasPrefix("\(padded.utf8.count) bytes") == true)
    }

    @Test func aSkewedDateWarnsAndDoesNotFailTheRun() async throws {
        // Given every answer says the backend's clock is 5 minutes ahead
        let ahead = HTTPDate.string(Date().addingTimeInterval(300))
        let stub = try StubHTTPServer(
            Self.routes { method, path in
                guard var answer = Self.routes()(method, path) else { return nil }
                answer.headers = answer.headers.map { $0.name == "Date" ? ("Date", ahead) : $0 }
                return answer
            })
        defer { stub.stop() }
        let report = await run(stub)
        #expect(notPassing(report) == ["clock.skew: warn"])
        #expect(report.check("clock.skew")?.detail.contains("ahead of this machine's") == true)
        #expect(report.exitCode == 0)
    }

    @Test func anUnhealthyHealthFailsItsLine() async throws {
        let stub = try StubHTTPServer(
            Self.routes { _, path in
                path == "/health"
                    ? StubAnswer(
                        status: 503, headers: [Self.json, ("Date", HTTPDate.string(Date()))],
                        body: #"{"message":"database down"}"#) : nil
            })
        defer { stub.stop() }
        let report = await run(stub)
        #expect(notPassing(report) == ["health: fail"])
        #expect(report.check("host.answers")?.status == .pass)
    }

    @Test func aLinkThatRedirectsStraightToTheStoreCarriesNoToken() async throws {
        let stub = try StubHTTPServer(
            Self.routes { _, path in
                path == "/demo/summer"
                    ? StubAnswer(
                        status: 302,
                        headers: [("Location", "https://apps.apple.com/app/id1"), ("Date", HTTPDate.string(Date()))])
                    : nil
            })
        defer { stub.stop() }
        let report = await run(stub)
        #expect(notPassing(report) == ["link.page: fail", "link.match: skip"])
        #expect(!stub.requests.contains("POST /match"))
    }

    @Test func aHostThatNeverAnswersInTimeIsUnreachable() async throws {
        // Given /health is held back 3 s and the doctor waits 1 s
        let stub = try StubHTTPServer(
            Self.routes { _, path in
                path == "/health" ? StubAnswer(status: 200, body: #"{"ok":true}"#, delay: 3) : nil
            })
        defer { stub.stop() }
        let report = await run(stub, timeout: 1)
        // Then the host line fails with a timeout and nothing else is sent
        #expect(report.check("host.answers")?.detail.contains("timed out") == true)
        #expect(report.exitCode == DoctorExitCode.unreachable)
        #expect(stub.requests == ["GET /health"])
    }
}

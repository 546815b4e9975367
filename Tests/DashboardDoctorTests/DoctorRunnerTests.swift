import Foundation
import OptoLink
import OptoLinkTesting
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: the runner's requests")
struct DoctorRunnerTests {
    let options = DoctorOptions(
        baseURL: URL(string: "https://links.example.com/")!, orgKey: .demo,
        apiKey: "opl_sdk_demo_client_key_0000000001", teamId: "ABCDE12345", bundleId: "com.example.demo",
        link: "summer")

    /// A transport that answers each request with `pick`'s answer, recording the requests.
    static func scripted(_ pick: @escaping @Sendable (HTTPRequest) -> ScriptedTransport.Answer) -> ScriptedTransport {
        ScriptedTransport(handler: { try await pick($0).answer() })
    }

    /// Answers like the reference server for org demo.
    static func referenceLike(_ request: HTTPRequest) -> ScriptedTransport.Answer {
        let page = #"<input id="token" value="opl_ZT2pX5570WBwvVkAeBEMjQ">"#
        switch (request.method, request.url.path) {
        case ("GET", "/health"):
            return .response(status: 200, json: #"{"ok":true}"#, headers: ["Date": HTTPDate.string(Date())])
        case ("GET", "/.well-known/apple-app-site-association"):
            return .response(status: 200, json: DoctorFixtures.goodAASA, headers: ["Cache-Control": "max-age=3600"])
        case ("POST", "/sdk/identity/clear"):
            return .response(
                status: 404,
                json: #"{"message":"Unknown device","details":[{"message":"unknown deviceId","field":"deviceId"}]}"#)
        case ("GET", "/demo/summer/data"):
            return .response(status: 200, json: #"{"linkId":"l1","path":"/promo/summer","params":{}}"#)
        case ("GET", "/demo/summer"):
            return .response(status: 200, body: Data(page.utf8), headers: ["Content-Type": "text/html"])
        case ("POST", "/match"):
            return .response(
                status: 200,
                json:
                    #"{"matched":true,"matchMethod":"CLIPBOARD","matchConfidence":"exact","#
                    + #""linkId":"l1","path":"/promo/summer","params":{}}"#
            )
        default: return .response(status: 404, json: #"{"message":"No route"}"#)
        }
    }

    @Test func everyProbeIsSentInOrderAndEveryCheckPasses() async throws {
        // Given a backend that answers like the reference server
        let transport = Self.scripted { Self.referenceLike($0) }
        // When the doctor runs with every option
        let report = await DoctorRunner(options: options, transport: transport, deviceId: "optolink-doctor-test-device")
            .run()
        // Then it asked, in order, health, the AASA, the key probe, /data, the page, /match with the page's token
        let requests = await transport.requests
        #expect(
            requests.map { "\($0.method) \($0.url.path)" } == [
                "GET /health", "GET /.well-known/apple-app-site-association", "POST /sdk/identity/clear",
                "GET /demo/summer/data", "GET /demo/summer", "POST /match",
            ])
        #expect(requests[2].jsonBody?["deviceId"]?.stringValue == "optolink-doctor-test-device")
        // the page asked as Safari on an iPhone, from this machine's own address
        #expect(requests[4].header("User-Agent")?.contains("iPhone") == true)
        #expect(requests[4].header("X-Forwarded-For") == nil)
        #expect(requests[5].jsonBody?["clipboardToken"]?.stringValue == "opl_ZT2pX5570WBwvVkAeBEMjQ")
        // and every line passed
        #expect(report.checks.filter { $0.status != .pass }.map(\.id) == [])
        #expect(report.exitCode == 0)
    }

    @Test func withoutOptionalFlagsOnlyHealthAndTheAASAAreAsked() async {
        let transport = Self.scripted { Self.referenceLike($0) }
        let report = await DoctorRunner(
            options: DoctorOptions(baseURL: options.baseURL, orgKey: .demo), transport: transport
        ).run()
        #expect(await transport.requests.map(\.url.path) == ["/health", "/.well-known/apple-app-site-association"])
        #expect(
            report.checks.filter { $0.status == .skip }.map(\.id) == [
                "aasa.appID", "key.tier", "link.data", "link.page", "link.match",
            ])
        #expect(report.exitCode == 0)
    }

    @Test func anUnreachableHostStopsAfterTheFirstRequestWithTheSameChecklist() async {
        // Given nothing listens
        let transport = Self.scripted { _ in .failure(URLError(.cannotConnectToHost)) }
        // When the doctor runs
        let report = await DoctorRunner(options: options, transport: transport).run()
        // Then one request was sent, the exit code says unreachable
        #expect(await transport.requests.count == 1)
        #expect(report.exitCode == DoctorExitCode.unreachable && !report.reachable)
        #expect(report.check("host.answers")?.status == .fail)
        // and the checklist has the same lines, in the same order, as a run that got answers
        let reachable = await DoctorRunner(options: options, transport: Self.scripted { Self.referenceLike($0) }).run()
        #expect(report.checks.map(\.id) == reachable.checks.map(\.id))
        #expect(report.checks.map(\.title) == reachable.checks.map(\.title))
    }

    @Test func theAASAIsAskedAtTheRootOfTheHostWhateverTheBasePath() async {
        let transport = Self.scripted { Self.referenceLike($0) }
        let prefixed = DoctorOptions(baseURL: URL(string: "https://links.example.com/api/")!, orgKey: .demo)
        _ = await DoctorRunner(options: prefixed, transport: transport).run()
        #expect(
            await transport.requests.map(\.url.absoluteString) == [
                "https://links.example.com/api/health",
                "https://links.example.com/.well-known/apple-app-site-association",
            ])
    }

    @Test func noTokenOnThePageMeansNoMatchRequest() async {
        let transport = Self.scripted { request in
            request.url.path == "/demo/summer"
                ? .response(status: 200, body: Data("<p>hi</p>".utf8)) : Self.referenceLike(request)
        }
        let report = await DoctorRunner(options: options, transport: transport).run()
        #expect(await !transport.requests.contains { $0.url.path == "/match" })
        #expect(report.check("link.page")?.status == .fail && report.check("link.match")?.status == .skip)
        #expect(report.exitCode == DoctorExitCode.failed)
    }

    @Test func theCommandWritesJSONOrTheChecklistAndReturnsTheExitCode() async throws {
        let lines = Recorder<String>()
        let json = await DoctorCommand.run(
            arguments: ["--base-url", "https://links.example.com", "--org-key", "demo", "--json"],
            environment: [:], stdoutIsTerminal: true,
            transport: Self.scripted { Self.referenceLike($0) },
            out: { lines.record($0) }, err: { lines.record("ERR " + $0) })
        #expect(json == 0)
        let report = try JSONDecoder().decode(DoctorReport.self, from: Data(lines.all.joined(separator: "\n").utf8))
        #expect(report.orgKey == "demo")

        let errors = Recorder<String>()
        let bad = await DoctorCommand.run(
            arguments: ["--org-key", "demo"], environment: [:], stdoutIsTerminal: false,
            out: { errors.record($0) }, err: { errors.record("ERR " + $0) })
        #expect(bad == 2)
        #expect(
            errors.all == ["ERR optolink-dash doctor: doctor needs --base-url URL (see optolink-dash doctor --help)"])
    }

    @Test func anUnknownArgumentIsNamedOnceAfterTheCommandsPrefix() async {
        // Given a flag of the dashboard that the doctor does not take
        let errors = Recorder<String>()
        let code = await DoctorCommand.run(
            arguments: ["--base-url", "https://links.example.com", "--org-key", "demo", "--theme", "x"],
            environment: [:], stdoutIsTerminal: false, out: { errors.record($0) }, err: { errors.record("ERR " + $0) })
        // Then one line on stderr, with the command's prefix once
        #expect(code == 2)
        #expect(
            errors.all == ["ERR optolink-dash doctor: unknown argument '--theme' (see optolink-dash doctor --help)"])
    }

    @Test func anUnknownServiceIsNamedWithTheFourItKnows() async {
        // Given --provider with a service the doctor does not know
        let errors = Recorder<String>()
        let code = await DoctorCommand.run(
            arguments: ["--base-url", "https://links.example.com", "--org-key", "demo", "--provider", "x"],
            environment: [:], stdoutIsTerminal: false, out: { errors.record($0) }, err: { errors.record("ERR " + $0) })
        // Then one line on stderr names the four services
        #expect(code == 2)
        #expect(
            errors.all == [
                "ERR optolink-dash doctor: --provider must be optolink, quberoute, deepblue or appsflyer, not 'x'"
            ])
    }
}

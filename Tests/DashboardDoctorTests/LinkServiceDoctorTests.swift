import Foundation
import OptoLink
import OptoLinkTesting
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

/// The runner for QubeRoute, Deep Blue Links and AppsFlyer over scripted transports: what is sent, to which
/// host, in which order, and what is not sent.
@Suite("Doctor: the other services' requests")
struct LinkServiceDoctorTests {
    static let aasa =
        #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"#
        + #""components":[{"/":"/go/*"},{"/":"/s/*"},{"/":"/Hx7q/*"},{"/":"/ol/Hx7q/*"}]}]}}"#

    /// Answers like a good deployment of any of the three: the file, QubeRoute's and Deep Blue's resolve,
    /// a OneLink click to the App Store, AppsFlyer's S2S `found`; `override` first.
    static func good(_ override: @escaping @Sendable (HTTPRequest) -> ScriptedTransport.Answer? = { _ in nil })
        -> ScriptedTransport
    {
        DoctorRunnerTests.scripted { request in
            if let answer = override(request) { return answer }
            let date = ["Date": HTTPDate.string(Date())]
            switch (request.method, request.url.path) {
            case ("GET", "/.well-known/apple-app-site-association"):
                return .response(
                    status: 200, json: aasa, headers: date.merging(["Cache-Control": "max-age=3600"]) { $1 })
            case ("POST", "/api/v1/sdk/resolve"):
                return .response(status: 200, json: #"{"link":{"url":"https://example.com/boxes"},"reason":"direct"}"#)
            case ("POST", "/api/links/resolve"):
                return .response(status: 200, json: #"{"id":1,"longUrl":"https://example.com/fall","shortUrl":"x"}"#)
            case ("GET", let path) where path.hasPrefix("/ol/") || path.hasPrefix("/Hx7q/"):
                return .response(status: 302, headers: ["Location": "https://apps.apple.com/app/id1498765432"])
            case ("POST", "/v1.0/ios/id1498765432"):
                return .response(
                    status: 200,
                    json:
                        #"{"found":true,"click_event":{"custom_params":{"deep_link_value":"catalog/fall"},"#
                        + #""match_type":"probabilistic","timestamp":null,"campaign_id":null,"media_source":null,"#
                        + #""campaign":null,"click_http_referrer":null,"af_sub1":null,"#
                        + #""af_sub2":null,"af_sub3":null,"af_sub4":null,"af_sub5":null}}"#
                )
            default:
                return .response(status: 404, json: #"{"message":"No route"}"#)
            }
        }
    }

    static let quberoute = DoctorOptions(
        provider: .quberoute, link: URL(string: "https://go.example.com/go/spring")!, apiKey: "qr_live_5b2e8c91f0a4d7",
        teamId: "ABCDE12345", bundleId: "com.example.app")
    static let deepBlue = DoctorOptions(
        provider: .deepBlue, link: URL(string: "https://demo.dev.thedbl.ink/s/spring")!, apiKey: "dbl_key",
        teamId: "ABCDE12345", bundleId: "com.example.app")
    static let appsFlyer = DoctorOptions(
        provider: .appsFlyer, link: URL(string: "http://127.0.0.1:9/ol/Hx7q/fall-drop")!,
        baseURL: URL(string: "http://127.0.0.1:9/v1.0")!, teamId: "ABCDE12345", bundleId: "com.example.app",
        appID: "id1498765432", devKey: "w8sZzy8EaPaxFKfaoTqUi6")

    @Test func quberouteReadsTheFileOnTheLinkHostAndResolvesOnTheAPIHost() async {
        // Given a link domain and QubeRoute's own API origin (the default --base-url)
        let transport = Self.good()
        // When the doctor runs
        let report = await DoctorRunner(options: Self.quberoute, transport: transport).run()
        // Then the file is read on the link's host and the link resolved on the API's, and every line passes
        #expect(
            await transport.requests.map { "\($0.method) \($0.url.absoluteString)" } == [
                "GET https://go.example.com/.well-known/apple-app-site-association",
                "POST https://app.quberoute.com/api/v1/sdk/resolve",
            ])
        #expect(report.checks.filter { $0.status != .pass }.map(\.id) == [])
        #expect(
            report.checks.map(\.id) == [
                "host.answers", "host.https", "aasa.status", "aasa.contentType", "aasa.size", "aasa.json",
                "aasa.appID", "aasa.paths", "aasa.cacheControl", "api.https", "key.kind", "link.resolve",
                "clock.skew",
            ])
    }

    @Test func withoutAKeyOrWithASecretOneOnlyTheFileIsAsked() async {
        for key in [nil, "qr_sk_9e4a1c7b3d60f2", "w8sZzy8EaPaxFKfaoTqUi6"] {
            var options = Self.quberoute
            options.apiKey = key.map(APIKey.init(rawValue:))
            let transport = Self.good()
            let report = await DoctorRunner(options: options, transport: transport).run()
            #expect(await transport.requests.map(\.url.path) == ["/.well-known/apple-app-site-association"])
            #expect(report.check("link.resolve")?.status == .skip)
            #expect(report.check("api.https")?.status == .skip, "an https API not contacted is not judged")
            #expect(report.check("key.kind")?.status == (key == nil ? .skip : .fail))
        }
    }

    @Test func deepBlueResolvesWithItsApiKeyOnItsAPIHost() async {
        let transport = Self.good()
        let report = await DoctorRunner(options: Self.deepBlue, transport: transport).run()
        let requests = await transport.requests
        #expect(requests.map(\.url.absoluteString).last == "https://dev.thedbl.ink/api/links/resolve")
        #expect(requests.last?.header("Api-Key") == "dbl_key")
        #expect(report.checks.filter { $0.status != .pass }.map(\.id) == [])
        #expect(report.check("key.kind")?.title == "API key")
    }

    @Test func appsFlyerClicksThenSignsOneRequestForThatClick() async throws {
        // Given a OneLink on 127.0.0.1 and the DevKey, and a timeout of 3 s
        let transport = Self.good()
        var options = Self.appsFlyer
        options.timeout = 3
        // When the doctor runs
        let report = await DoctorRunner(options: options, transport: transport).run()
        // Then it read the file, clicked as Safari on an iPhone, and sent one signed first launch from 127.0.0.1
        let requests = await transport.requests
        #expect(
            requests.map { "\($0.method) \($0.url.path)" } == [
                "GET /.well-known/apple-app-site-association", "GET /ol/Hx7q/fall-drop", "POST /v1.0/ios/id1498765432",
            ])
        #expect(requests[1].header("User-Agent")?.contains("iPhone") == true)
        #expect(requests[1].header("X-Forwarded-For") == nil)
        #expect(requests.map(\.timeout) == [3, 3, 3], "the click's hop and the signed request keep --timeout")
        let signed = try #require(requests.last)
        #expect(signed.url.query?.hasPrefix("af_sig=") == true)
        #expect(
            signed.jsonBody?["ip"]?.stringValue == "127.0.0.1" && signed.jsonBody?["is_first"]?.stringValue == "true")
        #expect(report.checks.filter { $0.status != .pass }.map(\.id) == ["key.kind"])
        #expect(
            report.check("link.found")?.detail.hasPrefix("found (probabilistic) → deep_link_value catalog/fall") == true
        )
    }

    @Test func appsFlyersRefusalsOfTheSignedRequestFailItsLine() async {
        // Given the S2S API's answers to a wrong DevKey, an unknown app, nothing found, and no answer
        let cases: [(ScriptedTransport.Answer, String)] = [
            (
                .response(status: 401, json: #"{"code":"invalid_signature","message":"af_sig is wrong"}"#),
                "the DevKey is not this app's"
            ),
            (
                .response(status: 400, json: #"{"code":"invalid_signature","message":"Bad Request"}"#),
                "the DevKey is not this app's"
            ),
            (.response(status: 404, json: #"{"code":"app_not_found","message":"No app"}"#), "check --app-id"),
            (.response(status: 200, json: #"{"found":false,"click_event":{}}"#), "--app-id's OneLink template"),
            (.failure(URLError(.cannotConnectToHost)), "--base-url"),
        ]
        for (answer, fix) in cases {
            let transport = Self.good { $0.method == "POST" ? answer : nil }
            let report = await DoctorRunner(options: Self.appsFlyer, transport: transport).run()
            let line = report.check("link.found")
            #expect(line?.status == .fail, "\(answer)")
            #expect(line?.fix?.contains(fix) == true, "\(String(describing: line))")
            #expect(await transport.requests.filter { $0.method == "POST" }.count == 1, "one request, no retry")
        }
    }

    @Test func appsFlyerSendsNoSignedRequestForAOneLinkOnTheInternet() async {
        var options = Self.appsFlyer
        options.linkURL = URL(string: "https://brand.onelink.me/Hx7q/fall-drop")!
        let transport = Self.good()
        let report = await DoctorRunner(options: options, transport: transport).run()
        #expect(await !transport.requests.contains { $0.method == "POST" })
        #expect(report.check("link.click")?.status == .pass)
        #expect(report.check("link.found")?.status == .skip)
        #expect(report.check("link.found")?.detail.contains("cannot know without asking a third party") == true)
    }

    @Test func anUnreachableLinkHostSkipsTheSameChecklistForEveryService() async {
        for options in [Self.quberoute, Self.deepBlue, Self.appsFlyer] {
            // Given nothing answers
            let down = DoctorRunnerTests.scripted { _ in .failure(URLError(.cannotConnectToHost)) }
            let report = await DoctorRunner(options: options, transport: down).run()
            // Then one request was sent, the exit code says unreachable, the fix names --link
            #expect(await down.requests.count == 1)
            #expect(report.exitCode == DoctorExitCode.unreachable && !report.reachable)
            #expect(report.check("host.answers")?.fix?.contains("--link") == true)
            // and the checklist has the lines of a run that got answers, in the same order
            let reachable = await DoctorRunner(options: options, transport: Self.good()).run()
            #expect(report.checks.map(\.id) == reachable.checks.map(\.id), "\(options.provider)")
            #expect(report.checks.map(\.title) == reachable.checks.map(\.title), "\(options.provider)")
        }
    }

    @Test func theReportNamesTheServiceAndTheLink() async throws {
        let report = await DoctorRunner(options: Self.quberoute, transport: Self.good()).run()
        #expect(
            DoctorReportPrinter.lines(report, color: false).first
                == "optolink-dash doctor: QubeRoute link "
                + "https://go.example.com/go/spring (API https://app.quberoute.com)"
        )
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.jsonText().utf8)) as? [String: Any])
        #expect(object["provider"] as? String == "quberoute")
        #expect(object["link"] as? String == "https://go.example.com/go/spring")
        #expect(try JSONDecoder().decode(DoctorReport.self, from: Data(report.jsonText().utf8)) == report)
    }
}

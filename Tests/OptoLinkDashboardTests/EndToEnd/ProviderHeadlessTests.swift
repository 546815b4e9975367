import DashboardSessions
import DashboardTestSupport
import Foundation
import OptoLink
import OptoLinkServer
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import OptoLinkDashboard

/// `optolink-dash --headless --provider X --scenario all` against the embedded server, one run per
/// service: none fails, the expected ones run, and every SKIP names what the service lacks.
@Suite("Every provider headless (embedded server)", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct ProviderHeadlessTests {
    /// What each service skips (every other scenario must PASS).
    static let skipped: [OptoLinkService: [String]] = [
        .optoLink: ["events-idempotent", "match-once", "not-a-short-link", "custom-scheme", "signature"],
        .quberoute: [
            "deferred-clipboard", "deferred-fingerprint-exact", "deferred-scored-medium", "deferred-scored-low",
            "shared-network-guard", "identity-before-session", "not-a-short-link", "custom-scheme", "signature",
        ],
        .deepBlue: [
            "deferred-clipboard", "deferred-fingerprint-exact", "deferred-scored-medium", "deferred-scored-low",
            "identity-before-session", "oversized-event", "offline-events-flush", "events-idempotent", "match-once",
            "signature",
        ],
        .appsFlyer: [
            "direct-open", "direct-open-cold-start", "deferred-clipboard", "identity-before-session",
            "oversized-event", "offline-events-flush", "events-idempotent", "match-once", "not-a-short-link",
            "custom-scheme",
        ],
    ]

    /// The reasons the brief names, word for word, for one scenario of each service.
    static let namedReasons: [OptoLinkService: (String, String)] = [
        .quberoute: (
            "deferred-clipboard",
            "QubeRoute's clipboard matching is off by default and needs a handshake its guide does not document: "
                + "not modelled"
        ),
        .deepBlue: ("oversized-event", "Deep Blue Links' guide documents no events API"),
        .appsFlyer: ("direct-open", "AppsFlyer's S2S API resolves no URL: there is no direct open"),
        .optoLink: ("signature", "AppsFlyer only: it checks AppsFlyer's af_sig"),
    ]

    @Test(arguments: OptoLinkService.allCases)
    func everyScenarioPassesOrSkipsSayingWhatTheServiceLacks(service: OptoLinkService) async throws {
        // Given the headless options for the service
        let options = try DashboardOptions.parse([
            "--headless", "--provider", service.rawValue, "--scenario", "all", "--backoff-base", "0.05",
        ])
        let sink = LineSink()
        // When every scenario runs against the embedded server
        let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { sink.write($0) }
        let lines = sink.lines
        // Then none fails, the expected ones pass, and the others skip with the service's reason
        let skips = try #require(Self.skipped[service])
        let runs = ScenarioCatalog.names.filter { !skips.contains($0) }
        #expect(code == 0, "\(lines.filter { $0.hasPrefix("FAIL") })")
        #expect(lines.last == "\(runs.count) passed, 0 failed, \(skips.count) skipped", "\(lines.suffix(30))")
        for name in runs { #expect(lines.contains("PASS \(name)"), "\(name) did not pass") }
        for name in skips {
            let reason = try #require(ScenarioCatalog.named(name)?.skipReason(for: service))
            #expect(lines.contains("SKIP \(name): \(reason)"))
        }
        let (name, reason) = try #require(Self.namedReasons[service])
        #expect(lines.contains("SKIP \(name): \(reason)"))
        // The header line names the service
        #expect(lines.first?.hasPrefix("optolink-dash headless: \(service.displayName) at http://127.0.0.1:") == true)
    }

    /// The key flags a `--base-url` run of each emulated service needs (the demo seed's keys).
    static let keyFlags: [OptoLinkService: [String]] = [
        .quberoute: ["--api-key", "qr_live_demo_publishable_key_0001"],
        .deepBlue: ["--api-key", "dbl_sandbox_demo_key_000000001"],
        .appsFlyer: ["--app-id", "id123456789", "--dev-key", "w8sZzy8EaPaxFKfaoTqUi6"],
    ]

    @Test(arguments: [OptoLinkService.quberoute, .deepBlue, .appsFlyer], [true, false])
    func againstABackendWithoutDevEndpointsNoneFails(service: OptoLinkService, trusted: Bool) async throws {
        // Given a production-mode server (no /dev) as a real deployment of the service, with its keys given,
        // trusting X-Forwarded-For or not (then it sees each simulated network from the loopback address the
        // dashboard sends from: AppsFlyer's signed ip must be that one, or 7 scenarios failed)
        let server = try OptoLinkServer(
            configuration: .init(port: 0, trustForwardedFor: trusted, production: true, log: .discarding))
        try server.start()
        defer { server.stop() }
        let options = try DashboardOptions.parse(
            [
                "--headless", "--provider", service.rawValue, "--scenario", "all", "--backoff-base", "0.05",
                "--base-url", server.baseURL.absoluteString,
            ] + (Self.keyFlags[service] ?? []) + DemoLinkFlags.flags(service, baseURL: server.baseURL))
        let sink = LineSink()
        // When every scenario runs: clicks through the service's click page, faults through the proxy
        let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { sink.write($0) }
        let lines = sink.lines
        // Then none fails, the fault scenarios ran through the proxy, and what needs /dev says so
        #expect(code == 0, "\(lines.filter { $0.hasPrefix("FAIL") })")
        #expect(lines.contains("PASS flaky-server") && lines.contains("PASS rate-limited"))
        #expect(lines.contains { $0.contains("fault injected by the proxy") })
        // The campaign link's deferred match routes where the demo seed sends it (the dashboard, given only the
        // link, does not know that path in advance: the PASS detail shows what the service answered)
        #expect(lines.contains { $0.contains("/promo/summer (deferred)") }, "\(lines.filter { $0.hasPrefix("  ") })")
        // A link given with --link has no known window: the click would be dated past the longest one
        #expect(
            lines.contains(
                "SKIP window-expired: needs a click made 721 hours "
                    + "ago: the click page records a click when it is made, "
                    + "only /dev/\(service.rawValue)/click can date one back, and the backend has no such route"),
            "\(lines.filter { $0.hasPrefix("SKIP") })")
        if service == .appsFlyer {
            // AppsFlyer's click page carries the device family: only the server's log is missing
            #expect(
                lines.contains(
                    "SKIP deferred-fingerprint-exact: needs /dev/match-attempts "
                        + "to tell FINGERPRINT_EXACT from a scored "
                        + "match: AppsFlyer answers both found"),
                "\(lines.filter { $0.hasPrefix("SKIP") })")
            // and its PASS lines name its click page, not OptoLink's redirect page
            #expect(lines.contains { $0.contains("(click page click; fingerprint score not checked") })
            #expect(!lines.contains { $0.contains("redirect") })
        }
    }

    @Test func aRefusedKeyFailsTheScenarioWithTheAnswerNotATimeout() async throws {
        // Given a production-mode server and keys it does not know
        let server = try OptoLinkServer(configuration: .init(port: 0, production: true, log: .discarding))
        try server.start()
        defer { server.stop() }
        let link = server.baseURL.absoluteString + "/qr/summer"
        let runs: [(flags: [String], scenario: String, expected: String, cause: String)] = [
            (
                ["--provider", "quberoute", "--api-key", "qr_live_unknown_publishable_key_01"], "direct-open",
                "FAIL direct-open: the link behind \(link) cannot come: /api/v1/sdk/resolve was refused (401)",
                "(cause: QubeRoute refused the key --api-key qr_l… on /api/v1/sdk/"
            ),
            (
                ["--api-key", "opl_sdk_unknown_client_key_000000001"], "identity-before-session",
                "FAIL identity-before-session: the identity binding cannot come: /sdk/session was refused (401)",
                "(cause: OptoLink refused the key --api-key opl_sdk_… on /sdk/session: 401"
            ),
        ]
        for run in runs {
            let options = try DashboardOptions.parse(
                ["--headless", "--scenario", run.scenario, "--base-url", server.baseURL.absoluteString] + run.flags
                    + ["--link", link])
            let sink = LineSink()
            // When the scenario runs
            let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) {
                sink.write($0)
            }
            // Then it fails with the refusal the SDK got, not "timed out after 31 s"
            #expect(code == 1)
            // and names the key and the route it was refused on
            let fail = sink.lines.first { $0.hasPrefix(run.expected) }
            #expect(fail?.contains(run.cause) == true, "\(sink.lines.filter { $0.hasPrefix("FAIL") })")
        }
    }
}

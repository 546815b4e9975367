import DashboardSessions
import DashboardTestSupport
import Foundation
import OptoLink
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import OptoLinkDashboard

/// Every scenario against a deployment that is not the reference server: a stand-in of each service,
/// written from its seed alone, with its own link codes, click URLs and pages. Given `--link`, the scenarios
/// pass or skip saying why; without it, those that click or open a link skip, and nothing guessed is sent.
@Suite("Scenarios against stand-in deployments", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct StandInScenarioTests {
    /// The service's flags for a stand-in: its keys, and its links when `links` is true.
    static func flags(_ standIn: StandInService, links: Bool) -> [String] {
        let keys: [String] =
            switch standIn.kind {
            case .optoLink: ["--api-key", standIn.apiKey, "--org-key", standIn.orgKey]
            case .quberoute, .deepBlue: ["--api-key", standIn.apiKey]
            case .appsFlyer: ["--app-id", standIn.appID, "--dev-key", standIn.devKey]
            }
        let linkFlags = [
            "--link", standIn.mainLink.absoluteString, "--link", "cold-start=\(standIn.coldStartLink.absoluteString)",
        ]
        return ["--provider", standIn.kind.service.rawValue, "--base-url", standIn.baseURL.absoluteString] + keys
            + (links ? linkFlags : [])
    }

    static func run(_ standIn: StandInService, links: Bool, scenario: String = "all") async throws -> (Int32, [String])
    {
        let options = try DashboardOptions.parse(
            ["--headless", "--scenario", scenario, "--backoff-base", "0.05"] + flags(standIn, links: links))
        let sink = LineSink()
        let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { sink.write($0) }
        return (code, sink.lines)
    }

    /// What passes against each stand-in given its links; every other scenario skips, saying why.
    static let passing: [StandInKind: [String]] = [
        .optoLink: [
            "direct-open", "direct-open-cold-start", "deferred-clipboard", "deferred-scored-medium",
            "deferred-scored-low", "deferred-ip-fuzzy", "shared-network-guard", "flaky-server", "server-down",
            "rate-limited", "timeout", "reinstall-rematch", "identity-before-session", "oversized-event",
            "offline-events-flush",
        ],
        .quberoute: [
            "direct-open", "direct-open-cold-start", "flaky-server", "server-down", "rate-limited", "timeout",
            "reinstall-rematch", "oversized-event", "offline-events-flush", "match-once",
        ],
        .deepBlue: [
            "direct-open", "direct-open-cold-start", "flaky-server", "server-down", "rate-limited", "timeout",
            "reinstall-rematch", "not-a-short-link", "custom-scheme",
        ],
        .appsFlyer: ["flaky-server", "server-down", "rate-limited", "timeout", "reinstall-rematch", "signature"],
    ]

    @Test(arguments: StandInKind.allCases)
    func givenItsLinksEveryScenarioPassesOrSaysWhyItSkips(kind: StandInKind) async throws {
        // Given a deployment of the service that is not the reference server (its own codes, click URLs and
        // pages), trusting no X-Forwarded-For
        let standIn = try StandInService.start(kind, trustsForwardedFor: false)
        defer { standIn.stop() }
        // When every scenario runs with its keys and links
        let (code, lines) = try await Self.run(standIn, links: true)
        // Then none fails, the expected ones pass, every other one skips with a reason
        let passing = try #require(Self.passing[kind])
        #expect(code == 0, "\(lines.filter { $0.hasPrefix("FAIL") })")
        for name in passing { #expect(lines.contains("PASS \(name)"), "\(kind): \(name) did not pass") }
        let skipped = lines.filter { $0.hasPrefix("SKIP ") }
        #expect(skipped.count == ScenarioCatalog.all.count - passing.count, "\(skipped)")
        #expect(skipped.allSatisfy { $0.split(separator: ":", maxSplits: 1).last.map { $0.count > 10 } ?? false })
        #expect(!skipped.contains { $0.contains("needs --link") })
        // And the deferred matches landed where the stand-in's link routes the app, as the service answered
        #expect(lines.contains { $0.contains("\(standIn.mainPath) (deferred)") }, "\(kind)")
        // And the clicks went through the stand-in's own pages, hop by hop
        #expect(!standIn.clicks.isEmpty)
        #expect(lines.contains { $0.contains("browser GET \(standIn.mainLink.absoluteString) → ") })
    }

    @Test(arguments: StandInKind.allCases)
    func withoutLinksWhatClicksSkipsAndNothingOfTheEmbeddedSeedIsSent(kind: StandInKind) async throws {
        // Given the same deployment and no --link
        let standIn = try StandInService.start(kind, trustsForwardedFor: false)
        defer { standIn.stop() }
        let (code, lines) = try await Self.run(standIn, links: false)
        // Then nothing fails; every scenario that clicks or opens a link skips, saying which flag it needs
        #expect(code == 0, "\(lines.filter { $0.hasPrefix("FAIL") })")
        let needsLink = "needs --link (the short link to click on \(kind.service.displayName))"
        for scenario in ScenarioCatalog.all
        where !scenario.links.isEmpty && scenario.skipReason(for: kind.service) == nil {
            #expect(lines.contains("SKIP \(scenario.name): \(needsLink)"), "\(scenario.name)")
        }
        #expect(lines.contains("links: none (scenarios that click or open a link need --link)"))
        // And no request carried anything of the embedded seed: no demo code, no reference click route
        let seeded = ["summer", "spring", "welcome", "flash", "/demo/", "/qr/", "/dbl/", "/af/"]
        let sent = standIn.requests.filter { request in seeded.contains { request.contains($0) } }
        #expect(sent.isEmpty, "\(sent)")
        #expect(standIn.clicks.isEmpty)
    }

    @Test func aCompareRunsTheDeploymentsColumnAndSaysWhatTheOthersLack() async throws {
        let standIn = try StandInService.start(.quberoute, trustsForwardedFor: false)
        defer { standIn.stop() }
        let options = try DashboardOptions.parse(
            ["--headless", "--compare", "flaky-server", "--backoff-base", "0.05"] + Self.flags(standIn, links: true))
        let sink = LineSink()
        let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { sink.write($0) }
        let lines = sink.lines
        #expect(code == 0, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("PASS flaky-server on QubeRoute"), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasPrefix("link ") && $0.contains(standIn.mainPath) })
        #expect(lines.contains { $0.contains("Deep Blue Links would need one of its own") })
    }
}

extension StandInKind {
    /// The dashboard's name of the service.
    var service: OptoLinkService {
        switch self {
        case .optoLink: .optoLink
        case .quberoute: .quberoute
        case .deepBlue: .deepBlue
        case .appsFlyer: .appsFlyer
        }
    }
}

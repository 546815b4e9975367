import DashboardScenarios
import DashboardTestSupport
import Foundation
import OptoLink
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardSessions
@testable import OptoLinkDashboard

/// One match has one name in a run: the headless log, the dashboard's log and panes, and every export name the
/// method as the run's service does, never as the SDK's enum or the reference engine's rung.
@Suite("One name per match method", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct MethodNameConsistencyTests {
    /// Each service's name for the deferred match `flaky-server` ends with (its standard deferred match).
    static let names: [OptoLinkService: String] = [
        .quberoute: "probabilistic ip_address", .deepBlue: "check-deferred", .appsFlyer: "probabilistic",
    ]

    /// The contract's method names: OptoLink's vocabulary, which no other service's run may show.
    static let optoLinkNames = ["CLIPBOARD", "INSTALL_REFERRER", "FINGERPRINT_EXACT", "FINGERPRINT_SCORED", "IP_FUZZY"]

    @Test(arguments: [OptoLinkService.quberoute, .deepBlue, .appsFlyer])
    func aMatchIsNamedTheSameInTheLogThePanesAndEveryExport(service: OptoLinkService) async throws {
        // Given a headless flaky-server run on the embedded server's emulation of `service`, recorded and exported
        let name = try #require(Self.names[service])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let junit = directory.appendingPathComponent("junit.xml")
        let session = directory.appendingPathComponent("run.olsession")
        let options = try DashboardOptions.parse([
            "--headless", "--scenario", "flaky-server", "--provider", service.rawValue, "--backoff-base", "0.05",
            "--export", directory.path, "--junit", junit.path, "--record", session.path,
        ])
        let sink = LineSink()
        let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { sink.write($0) }
        #expect(code == 0, "\(sink.lines.suffix(20))")

        // When the run is reopened and drawn with the Matches pane in front, and every export is read
        let replay = SessionReplay(file: try SessionFile.open(session))
        var state = DashboardState(size: .full)
        try replay.seek(to: replay.file.count, reset: {}, apply: { DashboardReducer.reduce(&state, $0) })
        // (a terminal wide enough that no pane cuts a name or a path short)
        let wide = ScreenSize(width: 240, height: 60)
        let screens = [DashboardPane.matches, .profile].map { pane in
            var shown = state
            DashboardReducer.reduce(&shown, .resize(wide))
            DashboardReducer.reduce(&shown, .focus(pane))
            return DashboardRenderer.render(shown, size: wide).lines.joined(separator: "\n")
        }
        let screen = screens.joined(separator: "\n")
        let exports = [
            "requests.har": try String(contentsOf: directory.appendingPathComponent("requests.har"), encoding: .utf8),
            "report.md": try String(contentsOf: directory.appendingPathComponent("report.md"), encoding: .utf8),
            "screen.svg": try String(contentsOf: directory.appendingPathComponent("screen.svg"), encoding: .utf8),
            "junit.xml": try String(contentsOf: junit, encoding: .utf8),
        ]

        // Then the profile names the match as the test does, whether the engine or the answer tells it
        let profile = ServiceProfiles.profile(for: service)
        #expect(profile.methodName(for: .engine(profile.standardDeferred.decision.method)) == name)
        // And the headless timeline's match and delivery lines name it so
        let headless = sink.lines.filter { $0.contains("match result:") || $0.contains("link delivered:") }
        #expect(headless.count == 2, "\(sink.lines)")
        for line in headless { #expect(line.contains(": \(name) "), "\(line)") }
        // And the dashboard's log, the Matches pane (the server's row and its winner) and the profile pane do
        let log = state.log.map(\.text).filter { $0.hasPrefix("match:") || $0.hasPrefix("link delivered:") }
        #expect(log.count == 2, "\(state.log.map(\.text))")
        for line in log { #expect(line.contains(name), "\(line)") }
        let server = try #require(state.matchAttempts.first { $0.source == .server && $0.matched })
        #expect(state.methodName(of: server) == name)
        #expect(screens[0].contains(" \(name) "), "\(screens[0])")
        #expect(screens[0].contains("won: ") && screens[0].contains(", \(name)"), "\(screens[0])")
        // (the profile pane is narrow: its last link shows as much of the name as fits)
        let lastLink = try #require(screens[1].split(separator: "\n").first { $0.contains("last link") })
        let shown = try #require(lastLink.split(separator: "(").dropFirst().first?.split(separator: " ").first)
        #expect(
            name.hasPrefix(shown.replacingOccurrences(of: "…", with: "").replacingOccurrences(of: ")", with: "")),
            "\(lastLink)")
        // And report.md's match attempts, the JUnit verdict and the SVG screenshot do
        #expect(try #require(exports["report.md"]).contains("- **\(name)**"))
        #expect(try #require(exports["junit.xml"]).contains("→ \(name) "))
        #expect(try #require(exports["screen.svg"]).contains(name))
        // And nothing of the run shows the contract's names for a service that does not use them
        let texts = exports.merging(
            ["headless": sink.lines.joined(separator: "\n"), "log": state.log.map(\.text).joined(), "screen": screen],
            uniquingKeysWith: { $1 })
        for (file, text) in texts {
            for other in Self.optoLinkNames { #expect(!text.contains(other), "\(file) says \(other)") }
        }
    }
}

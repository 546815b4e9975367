import DashboardTestSupport
import Foundation
import TestSupport
import Testing

/// `--provider` and `P` in the real dashboard (tmux): the header names the service, `P` switches it live.
@Suite(
    "optolink-dash --provider in a real terminal (tmux)", .serialized, .quietMachine,
    .tags(.terminal, .processes), .skippable(.terminal, .processes),
    .enabled(if: BuiltBinary.ready, BuiltBinary.skipReason))
struct ProviderTerminalTests {
    @Test func theHeaderNamesTheServiceAndPSwitchesItLive() async throws {
        // Given the dashboard started on AppsFlyer
        let session = try TmuxSession(
            command: """
                '\(BuiltBinary.path)' --provider appsflyer --backoff-base 0.2
                echo "EXIT=$?"
                sleep 60
                """)
        defer { session.kill() }
        let started = await session.waitFor { $0.first?.contains("│ AppsFlyer id123456789 │") == true }
        #expect(started.ok, "\(started.screen.joined(separator: "\n"))")
        // When a click and an install run, the AppsFlyer request signed by the dashboard's backend finds it
        try session.press("c")
        try session.press("i")
        // (the demo campaign's deep_link_value, promo/summer, is the path it routes to, named as AppsFlyer does)
        let matched = await session.waitFor {
            $0.joined().contains("link delivered: /promo/summer (probabilistic, deferred)")
        }
        #expect(matched.ok, "\(matched.screen.joined(separator: "\n"))")
        // When P is pressed, Then the header shows OptoLink and the log says what changed
        try session.press("P")
        let switched = await session.waitFor {
            $0.first?.contains("│ OptoLink org demo │") == true && $0.joined().contains("service: AppsFlyer → OptoLink")
        }
        #expect(switched.ok, "\(switched.screen.joined(separator: "\n"))")
        // And q quits normally
        try session.press("q")
        let quit = await session.waitFor { $0.contains("EXIT=0") }
        #expect(quit.ok, "\(quit.screen.joined(separator: "\n"))")
    }
}

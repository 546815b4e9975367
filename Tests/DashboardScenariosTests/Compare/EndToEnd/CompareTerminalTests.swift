import DashboardTestSupport
import Foundation
import TestSupport
import Testing

/// The compare view in the real binary on a real terminal (tmux).
@Suite(
    "Compare in a real terminal (tmux)", .serialized, .quietMachine,
    .tags(.terminal, .processes), .skippable(.terminal, .processes),
    .enabled(if: BuiltBinary.ready, BuiltBinary.skipReason))
struct CompareTerminalTests {
    @Test func compareOpensWithAColumnPerServiceAndCPicksAnother() async throws {
        // Given the dashboard started with --compare on its embedded server
        let session = try TmuxSession(
            command: """
                '\(BuiltBinary.path)' --compare direct-open --backoff-base 0.1
                echo "EXIT=$?"
                sleep 60
                """)
        defer { session.kill() }
        // Then the overlay shows the four services, the three direct opens passed and AppsFlyer's skip
        let done = await session.waitFor(timeout: 60) { $0.joined().contains("Compare direct-open · done") }
        #expect(done.ok, "\(done.screen.joined(separator: "\n"))")
        let screen = done.screen
        let heading = screen.first { $0.contains("OptoLink") && $0.contains("QubeRoute") && $0.contains("AppsFlyer") }
        #expect(heading?.contains("Deep Blue") == true, "\(screen.joined(separator: "\n"))")
        let outcome = screen.first { $0.contains("outcome") } ?? ""
        #expect(outcome.components(separatedBy: "PASS").count == 4 && outcome.contains("SKIP"), "\(outcome)")
        #expect(screen.contains { $0.contains("method") && $0.contains("DIRECT") })
        #expect(screen.contains { $0.contains("AppsFlyer: SKIP: AppsFlyer's S2S API resolves no URL") })
        // When C, then Esc on the picker, then q
        try session.press("C")
        let picker = await session.waitFor { $0.joined().contains("Compare a scenario across") }
        #expect(picker.ok, "\(picker.screen.joined(separator: "\n"))")
        try session.press("Escape")
        try session.press("q")
        let exit = await session.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exit.ok, "\(exit.screen.joined(separator: "\n"))")
    }
}

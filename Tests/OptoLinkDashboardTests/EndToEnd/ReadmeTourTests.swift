import DashboardTestSupport
import Foundation
import TestSupport
import Testing

/// The README's five-minute tour, typed into the real dashboard at a human pace (5 s between steps): each step
/// shows what the README says it shows.
@Suite(
    "The README's tour at a human pace (tmux)", .serialized, .quietMachine,
    .tags(.terminal, .processes, .realTime), .skippable(.terminal, .processes, .realTime),
    .enabled(if: BuiltBinary.ready, BuiltBinary.skipReason))
struct ReadmeTourTests {
    /// The README's pause between steps: a person reads the screen before the next key.
    static let pace: Duration = .seconds(5)

    @Test func everyStepShowsWhatTheReadmeSays() async throws {
        // Given the dashboard on its embedded server, as `swift run optolink-dash` starts it
        let session = try TmuxSession(command: "'\(BuiltBinary.path)' --theme default")
        defer { session.kill() }
        let up = await session.waitFor(timeout: 20) { $0.first?.contains("server ● up") == true }
        #expect(up.ok, "\(up.screen.joined(separator: "\n"))")

        // Step 1: c then i: a CLIPBOARD match
        try session.press("c")
        try await Task.sleep(for: .seconds(1))  // the click lands before the install, as a person types
        try session.press("i")
        let clipboard = await session.waitFor(timeout: 20) { $0.joined().contains("CLIPBOARD") }
        #expect(clipboard.ok, "step 1:\n\(clipboard.screen.joined(separator: "\n"))")
        try await Task.sleep(for: Self.pace)

        // Step 2: p, then c i: clipboard reading off, a fingerprint match
        try session.press("p")
        try session.press("c")
        try await Task.sleep(for: .seconds(1))
        try session.press("i")
        let fingerprint = await session.waitFor(timeout: 20) { $0.joined().contains("FINGERPRINT_EXACT") }
        #expect(fingerprint.ok, "step 2:\n\(fingerprint.screen.joined(separator: "\n"))")
        try await Task.sleep(for: Self.pace)

        // Step 3: w, then c i: the click from another network; within 30 s step 2's click wins, and the screen
        // says it was kept for its grace
        try session.press("w")
        try session.press("c")
        try await Task.sleep(for: .seconds(1))
        try session.press("i")
        let kept = await session.waitFor(timeout: 20) { $0.joined().contains("s for retries") }
        #expect(kept.ok, "step 3:\n\(kept.screen.joined(separator: "\n"))")
        #expect(kept.screen.joined().contains("won: /promo/summer"), "\(kept.screen.joined(separator: "\n"))")
        try await Task.sleep(for: Self.pace)

        // Step 4: f, Enter, then o: two 503s, then the waits on the retry timeline
        try session.press("f")
        try await Task.sleep(for: .seconds(1))
        try session.press("Enter")
        try await Task.sleep(for: .seconds(1))
        try session.press("o")
        let retried = await session.waitFor(timeout: 30) { screen in
            let text = screen.joined()
            return text.contains("503") && text.contains("retry after")
        }
        #expect(retried.ok, "step 4:\n\(retried.screen.joined(separator: "\n"))")
        try await Task.sleep(for: Self.pace)

        // Step 5: s opens the scenario picker, each with what it expects; q quits
        try session.press("s")
        let picker = await session.waitFor { $0.joined().contains("Run a scenario") }
        #expect(picker.ok, "step 5:\n\(picker.screen.joined(separator: "\n"))")
        try session.press("Escape")
        try session.press("q")
    }
}

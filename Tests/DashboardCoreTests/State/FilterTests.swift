import DashboardTestSupport
import Testing

@testable import DashboardCore

/// The `/` filters of the log and the match attempts: typed in a prompt through the keymap, Enter applies,
/// Esc clears; case-insensitive substring; the log's scroll and the attempts' selection follow the filter.
@Suite("Filters (log and match attempts)")
struct FilterTests {
    let router = InputRouter()

    /// Routes `keys` one by one and reduces their actions (as the app loop does); returns the commands.
    @discardableResult
    func press(_ keys: [Key], _ state: inout DashboardState) -> [DashboardCommand] {
        var commands: [DashboardCommand] = []
        for key in keys {
            let outcome = router.route(key, in: state)
            for action in outcome.actions { DashboardReducer.reduce(&state, action) }
            commands += outcome.commands
        }
        return commands
    }

    static func typed(_ text: String) -> [Key] { text.map { Key.character($0) } }

    @Test func slashTypesAFilterForTheLogUnlessTheMatchAttemptsHaveTheFocusAndEnterAppliesIt() {
        // Given the profile focused: / filters the log
        var state = Fixtures.idle
        press([.character("/")], &state)
        #expect(state.overlay == .textInput(purpose: .filter(.log), text: ""))
        // When "q" (a character here, not quit) and more are typed, then Enter
        let commands = press(Self.typed("qu/x") + [.backspace, .enter], &state)
        // Then
        #expect(commands.isEmpty)
        #expect(state.overlay == .none)
        #expect(state.logFilter == "qu/")
        // Given the match attempts focused: / filters them, starting from their filter
        DashboardReducer.reduce(&state, .focus(.matches))
        DashboardReducer.reduce(&state, .setFilter(.matches, "clip"))
        press([.character("/")], &state)
        #expect(state.overlay == .textInput(purpose: .filter(.matches), text: "clip"))
        press([.enter], &state)
        #expect(state.matchesFilter == "clip" && state.logFilter == "qu/")
    }

    @Test func escInThePromptClearsItsFilterAndOutsideOverlaysClearsTheFocusedPanesFilter() {
        var state = Fixtures.reduced([.setFilter(.log, "retry"), .setFilter(.matches, "scored"), .focus(.matches)])
        // Esc in the prompt: closes it and clears that pane's filter
        press([.character("/")] + Self.typed("xyz") + [.escape], &state)
        #expect(state.overlay == .none && state.matchesFilter == "" && state.logFilter == "retry")
        // Esc with no overlay: clears the filter of the pane / filters (the log, from the timeline)
        DashboardReducer.reduce(&state, .focus(.timeline))
        #expect(router.route(.escape, in: state) == InputOutcome(actions: [.setFilter(.log, "")]))
        press([.escape], &state)
        #expect(state.logFilter == "")
        // Nothing to clear: Esc does nothing (and reaches no command handler)
        #expect(router.route(.escape, in: state) == .ignored)
        // Enter on an empty prompt clears too
        DashboardReducer.reduce(&state, .setFilter(.log, "a"))
        press([.character("/"), .backspace, .enter], &state)
        #expect(state.logFilter == "")
    }

    @Test func theKeymapDrivesTheSlashKeyTheFooterHintAndTheHelp() throws {
        let binding = try #require(Keymap.standard.bindings.first { $0.key == .character("/") })
        #expect(binding.command == .filter)
        // The hint shows while a filterable pane is focused, first so it fits a narrow footer
        #expect(Keymap.standard.footerBindings(focus: .log).first == binding)
        #expect(Keymap.standard.footerBindings(focus: .matches).first == binding)
        #expect(!Keymap.standard.footerBindings(focus: .profile).contains(binding))
        let footer = DashboardRenderer.render(Fixtures.reduced([.focus(.log)]), size: .minimum).lines[23]
        #expect(footer.hasPrefix(" / filter  ? help"))
        let help = DashboardRenderer.render(Fixtures.help(), size: .full).lines.joined()
        #expect(help.contains("filter log · match attempts") && help.contains("clear filter"))
    }

    @Test func theLogFilterIsACaseInsensitiveSubstringOfTheTextOrTheLevel() {
        let state = Fixtures.reduced([
            .log(.info, "match #1 retry after 1.0s"), .log(.warning, "slow answer"), .log(.error, "Retry budget used"),
            .log(.info, "event sent"), .setFilter(.log, "rETRy"),
        ])
        #expect(
            state.visibleLogIndices?.map { state.log[$0].text } == ["match #1 retry after 1.0s", "Retry budget used"])
        let warnings = Fixtures.reduced(state, [.setFilter(.log, "warn")])
        #expect(warnings.visibleLogIndices?.map { warnings.log[$0].text } == ["slow answer"])
        let cleared = Fixtures.reduced(state, [.setFilter(.log, "")])
        #expect(cleared.visibleLogIndices == nil && cleared.visibleLogCount == 4)
        // Non-ASCII characters match as typed (letters A–Z fold)
        #expect(TextFilter("→ /PROMO")?.matches("match: CLIPBOARD → /promo/summer") == true)
        #expect(TextFilter("é")?.matches("café") == true)
        #expect(TextFilter("x")?.matches("") == false)
        #expect(TextFilter("") == nil)
    }

    @Test func theLogsScrollLimitFollowsTheFilteredLines() throws {
        // Given 40 lines, every fourth a retry (10), at 120×40 (5 rows in the log pane)
        var state = DashboardState()
        for index in 0..<40 {
            DashboardReducer.reduce(&state, .log(.info, index % 4 == 0 ? "retry \(index)" : "event \(index)"))
        }
        DashboardReducer.reduce(&state, .scrollLog(100))
        #expect(state.logScroll == 35)
        // When the filter applies: back to the newest it shows, and at most 10 − 5 back
        DashboardReducer.reduce(&state, .setFilter(.log, "retry"))
        #expect(state.logScroll == 0)
        DashboardReducer.reduce(&state, .scrollLog(100))
        #expect(state.logScroll == 5)
        let rect = try #require(DashboardLayout.compute(state).panes[.log])
        let lines = DashboardRenderer.render(state, size: state.size).lines
        #expect(lines[rect.inner.y].contains("retry 0") && lines[rect.inner.y + 4].contains("retry 16"))
        #expect(lines[rect.y].contains("Log · /retry (10 of 40) (↑5)"))
        // A line the filter hides does not move the scrolled view; one it shows does (the view stays still)
        DashboardReducer.reduce(&state, .log(.info, "event 40"))
        #expect(state.logScroll == 5)
        DashboardReducer.reduce(&state, .log(.info, "retry 41"))
        #expect(state.logScroll == 6)
    }

    @Test func theMatchAttemptsFilterKeepsTheSelectionOnRowsItShows() {
        // Given four attempts, newest first: CLIPBOARD, NONE, FINGERPRINT_SCORED, CLIPBOARD
        let attempts = [
            MatchAttempt(
                id: "a4", at: "2026-11-30T05:00:04.000Z", matched: true, method: "CLIPBOARD", confidence: "exact",
                path: "/promo/summer"),
            MatchAttempt(id: "a3", at: "2026-11-30T05:00:03.000Z", matched: false, method: "NONE"),
            MatchAttempt(
                id: "a2", at: "2026-11-30T05:00:02.000Z", matched: true, method: "FINGERPRINT_SCORED",
                confidence: "medium",
                score: 79, path: "/promo/flash"),
            MatchAttempt(
                id: "a1", at: "2026-11-30T05:00:01.000Z", matched: true, method: "CLIPBOARD", confidence: "exact",
                path: "/promo/summer"),
        ]
        var state = Fixtures.reduced([.matchAttemptsLoaded(attempts), .focus(.matches), .moveSelection(1)])
        #expect(state.selectedMatchAttempt?.id == "a3")
        // When filtering to "clipboard": the hidden selection moves to the next row shown
        DashboardReducer.reduce(&state, .setFilter(.matches, "clipboard"))
        #expect(state.visibleAttemptIndices == [0, 3])
        #expect(state.selectedMatchAttempt?.id == "a1")
        // ↑ moves through the rows shown only
        DashboardReducer.reduce(&state, .moveSelection(-1))
        #expect(state.selectedMatchAttempt?.id == "a4")
        // "no match" and scores match too
        #expect(Fixtures.reduced(state, [.setFilter(.matches, "NO MATCH")]).selectedMatchAttempt?.id == "a3")
        #expect(Fixtures.reduced(state, [.setFilter(.matches, "79")]).selectedMatchAttempt?.id == "a2")
        // Nothing matches: no selection, no breakdown
        let none = Fixtures.reduced(state, [.setFilter(.matches, "zzz")])
        #expect(none.selectedMatchAttempt == nil)
        #expect(DashboardRenderer.render(none, size: .full).lines.joined().contains("no match attempt matches /zzz"))
        // A new attempt the filter hides keeps the selection on the newest it shows
        DashboardReducer.reduce(&state, .diagnostic(.matchResult(nil), time: 5))
        #expect(state.matchAttempts[0].method == "NONE")
        #expect(state.selectedMatchAttempt?.id == "a4")
        // A click on the second row shown selects it
        let layout = DashboardLayout.compute(state)
        let inner = layout.panes[.matches]!.inner
        DashboardReducer.reduce(&state, .mouse(MouseEvent(x: inner.x + 3, y: inner.y + 2, action: .press)))
        #expect(state.selectedMatchAttempt?.id == "a1")
    }
}

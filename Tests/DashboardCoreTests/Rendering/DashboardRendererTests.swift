import DashboardTestSupport
import Testing

@testable import DashboardCore
@testable import DashboardProxy

@Suite("DashboardRenderer")
struct DashboardRendererTests {
    static let states: [DashboardState] = [
        Fixtures.idle, Fixtures.deferredMatch(), Fixtures.retryMidWait(), Fixtures.help(),
    ]

    @Test func everyPaneIsVisibleAt120x40() {
        // (Every pane but the scenario's, which only shows once a scenario ran: ScenarioChecklistTests.)
        let state = Fixtures.deferredMatch()
        let text = DashboardRenderer.render(state, size: .full).lines.joined(separator: "\n")
        #expect(state.focusablePanes == DashboardPane.allCases.filter { $0 != .scenario })
        for pane in state.focusablePanes { #expect(text.contains(pane.title), "missing pane \(pane.title)") }
    }

    @Test(arguments: [DashboardOverlay.lab, .compare])
    func aToolsOverlayOpenedBeforeItsFirstUpdateSaysItIsStarting(overlay: DashboardOverlay) {
        // Given a tool's overlay opened (L, or Enter in C's picker) before the run's first update made its panel
        var state = Fixtures.deferredMatch()
        DashboardReducer.reduce(&state, .openOverlay(overlay))
        #expect(state.panels[overlay: overlay] == nil)

        // When the screen is drawn
        let text = DashboardRenderer.render(state, size: .full).lines.joined(separator: "\n")

        // Then a box over the panes says the tool is starting
        let title = overlay == .lab ? "Lab" : "Compare"
        #expect(text.contains("\(title) · starting"), "\(text)")
    }

    @Test func compactLayoutShowsTheFingerprintWhenItHasTheFocus() {
        var state = Fixtures.idle
        let before = DashboardRenderer.render(state, size: .minimum).lines.joined(separator: "\n")
        #expect(before.contains("Device profile") && !before.contains("Fingerprint"))
        DashboardReducer.reduce(&state, .focus(.fingerprint))
        let after = DashboardRenderer.render(state, size: .minimum).lines.joined(separator: "\n")
        #expect(after.contains("Fingerprint") && !after.contains("Device profile"))
    }

    @Test(arguments: [
        ScreenSize(width: 79, height: 24), ScreenSize(width: 80, height: 23), ScreenSize(width: 40, height: 10),
    ])
    func belowMinimumShowsACenteredMessage(size: ScreenSize) {
        let lines = DashboardRenderer.render(Fixtures.deferredMatch(), size: size).lines
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Please enlarge the window"))
        #expect(!text.contains("Match attempts"))
        #expect(lines.count == size.height)
    }

    @Test(arguments: [
        ScreenSize(width: 80, height: 24), ScreenSize(width: 97, height: 31), ScreenSize(width: 120, height: 40),
        ScreenSize(width: 200, height: 60), ScreenSize(width: 20, height: 5), ScreenSize(width: 0, height: 0),
    ])
    func bufferAlwaysHasExactlyTheRequestedSize(size: ScreenSize) {
        for state in Self.states {
            let buffer = DashboardRenderer.render(state, size: size)
            #expect(buffer.lines.count == size.height)
            #expect(buffer.lines.allSatisfy { $0.count == size.width })
        }
    }

    @Test func longTextIsCutWithAnEllipsisInsideItsPane() {
        var state = Fixtures.idle
        DashboardReducer.reduce(
            &state, .deviceProfileChanged(DeviceProfile(deviceId: String(repeating: "x", count: 200))))
        let lines = DashboardRenderer.render(state, size: .full).lines
        let row = lines.first { $0.contains("device ") } ?? ""
        #expect(row.contains("x… │"))  // cut one column before the border
    }

    @Test func differingFingerprintFieldsUseTheDiffRole() {
        var state = Fixtures.idle
        DashboardReducer.reduce(&state, .setFingerprintField(.browser, .language, "de-DE"))
        let buffer = DashboardRenderer.render(state, size: .full)
        let y = buffer.lines.firstIndex { $0.contains("de-DE") } ?? -1
        let x = Array(buffer.lines[y]).firstIndex(of: "d") ?? -1
        #expect(buffer[x, y].role == .diff)
        #expect(buffer.lines.joined().contains("1 field differ"))
    }

    @Test func countdownShowsStartPlusDelayMinusNow() {
        // Given request #2 0.6 s into its 2 s wait (after a 1 s one), request #3 given up
        let lines = DashboardRenderer.render(Fixtures.retryMidWait(), size: .full).lines
        // Then the waiting row shows its countdown beside its bars, the finished row its outcome
        #expect(
            lines.first { $0.hasPrefix("│ #2 data") }?.hasSuffix("wait 1.4s   │") == true,
            "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasPrefix("│›#3 events") && $0.contains("✘ gave up after 1") })
        // And with #2 selected, the detail line tells its whole story
        let selected = DashboardRenderer.render(
            Fixtures.reduced(Fixtures.retryMidWait(), [.moveSelection(-1)]), size: .full
        ).lines
        #expect(
            selected.contains { $0.contains("#2 data: 503 200ms ▸ wait 1.0s ▸ 503 200ms ▸ wait 1.4s left of 2.0s") })
    }

    @Test func breakdownBarMarksTheThreshold() {
        let buffer = DashboardRenderer.render(Fixtures.deferredMatch(), size: .full)
        let bars = buffer.lines.filter { $0.contains("┃") && $0.contains("█") }
        #expect(bars.count == 2)
        #expect(buffer.lines.joined().contains("79 ≥ 65 ✔"))
        #expect(buffer.lines.joined().contains("47 < 65 ✘"))
    }

    @Test func footerComesFromTheKeymap() {
        let keymap = Keymap(bindings: [
            KeyBinding(
                key: .character("z"), label: "zap", description: "zap it", command: .clearHistory,
                showInFooter: true)
        ])
        let buffer = DashboardRenderer.render(Fixtures.idle, size: .full, keymap: keymap)
        #expect(buffer.lines[39].hasPrefix(" z zap"))
    }

    @Test func headerShowsServerDownAndTheScenarioVerdict() {
        let state = Fixtures.reduced([
            .serverReachable(false), .scenarioStarted(name: "server-down"),
            .scenarioFinished(name: "server-down", passed: false, detail: "expected 3 attempts"),
        ])
        let buffer = DashboardRenderer.render(state, size: .full)
        #expect(buffer.lines[0].contains("server ○ DOWN"))
        #expect(buffer.lines[0].contains("scenario server-down FAIL"))
        let x = Array(buffer.lines[0]).firstIndex(of: "○") ?? -1
        #expect(buffer[x, 0].role == .error)
    }

    @Test func aLongTargetIsShortenedSoTheVerdictStaysVisible() {
        let state = Fixtures.reduced([
            .targetChanged(url: "http://127.0.0.1:41234 (embedded)", orgKey: "demo", sdkVersion: "0.1.0"),
            .scenarioStarted(name: "deferred-fingerprint-exact"),
            .scenarioFinished(name: "deferred-fingerprint-exact", passed: true, detail: "ok"),
        ])
        #expect(DashboardRenderer.render(state, size: .full).lines[0].contains("org demo │ SDK 0.1.0"))
        for size in [ScreenSize.full, .minimum] {
            let header = DashboardRenderer.render(state, size: size).lines[0]
            #expect(header.contains("scenario deferred-fingerprint-exact PASS"), "\(size): \(header)")
            #expect(header.contains("http://127"), "\(size): \(header)")
        }
        let skipped = Fixtures.reduced([.scenarioSkipped(name: "timeout", reason: "backend has no dev endpoints")])
        #expect(DashboardRenderer.render(skipped, size: .full).lines[0].contains("scenario timeout SKIP"))
    }

    @Test func scoreComponentsMatchTheContractKeysAndMaximum() {
        #expect(
            ScoreComponent.allCases.map(\.key) == [
                "ip", "platform", "osVersion", "language", "timezone", "deviceModel", "recency",
            ])
        #expect(ScoreComponent(key: "osVersion") == .osVersion)
        #expect(ScoreComponent(key: "ua") == nil)
        #expect(ScoreComponent.maxTotal == 96)
    }

    @Test func controlAndDoubleWidthCharactersTakeOneCellEach() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        let written = buffer.write("a\u{1B}[2J日本\u{7}é\tz", x: 0, y: 0)
        // a ESC [ 2 J 日 本 BEL é TAB z: 11 characters, 11 cells
        #expect(written == 11)
        #expect(buffer.lines[0] == "a?[2J???é z ")
    }

    @Test func serverDataWithEscapesCannotBreakTheLayout() {
        var state = Fixtures.idle
        DashboardReducer.reduce(
            &state,
            .matchAttemptsLoaded([
                MatchAttempt(
                    id: "x", at: "2026-11-30T05:00:00.000Z", matched: true, method: "CLIPBOARD\u{1B}[31m",
                    path: "/日本/\u{1B}]0;title\u{7}" + String(repeating: "z", count: 300))
            ]))
        for size in [ScreenSize.full, ScreenSize.minimum] {
            let lines = DashboardRenderer.render(state, size: size).lines
            #expect(lines.allSatisfy { $0.count == size.width && !$0.contains("\u{1B}") && !$0.contains("\u{7}") })
        }
    }
}

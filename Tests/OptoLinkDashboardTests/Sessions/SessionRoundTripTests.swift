import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import DashboardSessions
@testable import OptoLinkDashboard

@Suite("Sessions round-trip: a recorded run reopens as the same screen", .serialized, .quietMachine)
struct SessionRoundTripTests {
    /// The screen without the session's own marks (the live header says it records, the replay's footer
    /// has the replay bar): the panes.
    func panes(_ state: DashboardState, size: ScreenSize) -> [String] {
        var state = state
        state.session = nil
        return DashboardRenderer.render(state, size: size).lines
    }

    @Test func aRecordedScenarioRunReopensAsTheSameScreenAndTheSameExports() async throws {
        // Given a live dashboard on the embedded server, recording, running the flaky-server scenario
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("flaky.olsession")
        let inbox = DashboardInbox()
        var options = DashboardOptions(backoffBase: 0.05)
        options.scenario = "flaky-server"
        let runtime = try DashboardRuntime.start(options: options, inbox: inbox)
        defer { runtime.stop() }
        let clock = SDKDashboardClock()
        let size = ScreenSize(width: 140, height: 44)
        let live = DashboardApp(
            state: DashboardState(size: size), themes: ThemeLoader(searchDirectories: []), handler: runtime,
            inbox: inbox, clock: clock)
        live.sessionSettings = SessionSettings(options: options)
        try live.startRecording(to: url)
        for action in runtime.initialActions { live.apply(action) }
        runtime.handle(.runScenario("flaky-server"), state: live.state, inbox: inbox)
        let deadline = Date().addingTimeInterval(30)
        while live.state.header.scenarioPassed == nil && Date() < deadline {
            for action in inbox.drain() { live.apply(action) }
            live.apply(.tick(now: clock.now()))
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        // The server's match attempts arrive after the verdict: wait for them, not for a fixed time
        while live.state.matchAttempts.isEmpty && Date() < deadline {
            for action in inbox.drain() { live.apply(action) }
            live.apply(.tick(now: clock.now()))
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        for action in inbox.drain() { live.apply(action) }
        live.apply(.tick(now: clock.now()))
        #expect(live.state.header.scenarioPassed == true, "\(live.state.log.map(\.text))")
        let liveState = live.state
        live.stopRecording()

        // When the file is reopened in another app, offline
        let reopened = DashboardApp(
            state: DashboardState(size: size), themes: ThemeLoader(searchDirectories: []),
            handler: SessionReplayHandler(), clock: SessionTestClock(0))
        try reopened.open(SessionReplay(file: try SessionFile.open(url)))

        // Then the panes are the same, cell for cell, and so are the exports
        #expect(reopened.state.timeline.first { $0.endpoint == "match" }?.attempts.count ?? 0 >= 2)
        let livePanes = panes(liveState, size: size)
        let reopenedPanes = panes(reopened.state, size: size)
        #expect(
            reopenedPanes == livePanes,
            "\n\(reopenedPanes.joined(separator: "\n"))\nlive:\n\(livePanes.joined(separator: "\n"))")
        #expect(HARExport.data(reopened.state) == HARExport.data(liveState))
        #expect(MarkdownReport.markdown(reopened.state) == MarkdownReport.markdown(liveState))
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(
            JUnitReport.xml(reopened.state.scenarioResults, timestamp: date)
                == JUnitReport.xml(liveState.scenarioResults, timestamp: date))

        // And the inspector and a breakdown open on the reopened session as on the live one
        let request = try #require(liveState.timeline.first { $0.endpoint == "match" }?.requestID)
        var liveInspector = liveState
        DashboardReducer.reduce(&liveInspector, .openOverlay(.inspector(requestID: request, scroll: 0)))
        reopened.apply(.openOverlay(.inspector(requestID: request, scroll: 0)))
        #expect(panes(reopened.state, size: size) == panes(liveInspector, size: size))
        #expect(reopened.state.session?.mode == .replay)
        #expect(reopened.state.session?.position == reopened.state.session?.count)
    }
}

import DashboardTestSupport
import Testing

@testable import DashboardCore

@Suite("Screen snapshots")
struct SnapshotTests {
    static let sizes = [ScreenSize(width: 120, height: 40), ScreenSize(width: 80, height: 24)]

    static func render(_ state: DashboardState, _ size: ScreenSize) -> [String] {
        DashboardRenderer.render(state, size: size).lines
    }

    @Test(arguments: sizes) func idleScreen(size: ScreenSize) {
        assertSnapshot(Self.render(Fixtures.idle, size), named: "idle-\(size.width)x\(size.height)")
    }

    @Test(arguments: sizes) func deferredMatchWithBreakdownOpen(size: ScreenSize) {
        assertSnapshot(
            Self.render(Fixtures.deferredMatch(), size), named: "deferred-breakdown-\(size.width)x\(size.height)")
    }

    @Test(arguments: sizes) func retryTimelineMidWait(size: ScreenSize) {
        assertSnapshot(Self.render(Fixtures.retryMidWait(), size), named: "retry-mid-wait-\(size.width)x\(size.height)")
    }

    @Test(arguments: sizes) func helpOverlay(size: ScreenSize) {
        assertSnapshot(Self.render(Fixtures.help(), size), named: "help-\(size.width)x\(size.height)")
    }
}

extension SnapshotTests {
    /// The waterfall with 1 s, 2 s and 4 s waits (the ratio itself is asserted in TimelinePaneViewTests).
    @Test(arguments: sizes) func waterfallWithWaitsOfOneTwoAndFourSeconds(size: ScreenSize) {
        assertSnapshot(
            Self.render(Fixtures.backoffOneTwoFour(), size), named: "waterfall-1-2-4-\(size.width)x\(size.height)")
    }
}

extension SnapshotTests {
    /// The flaky-server checklist mid-run: two steps ticked, the first launch running, the rest to come.
    @Test(arguments: sizes) func scenarioChecklistWhileItRuns(size: ScreenSize) {
        assertSnapshot(
            Self.render(Fixtures.scenarioRunning(), size), named: "scenario-running-\(size.width)x\(size.height)")
    }

    /// A failed scenario: the failed step, the steps never reached, the verdict expected versus observed.
    @Test(arguments: sizes) func scenarioChecklistAfterAFailure(size: ScreenSize) {
        assertSnapshot(
            Self.render(Fixtures.scenarioFailed(), size), named: "scenario-failed-\(size.width)x\(size.height)")
    }

    /// The picker: each scenario's expectation beside its name, the selected one's in full under the list.
    @Test(arguments: sizes) func scenarioPickerShowsExpectations(size: ScreenSize) {
        assertSnapshot(
            Self.render(Fixtures.scenarioPicker(), size), named: "scenario-picker-\(size.width)x\(size.height)")
    }
}

extension SnapshotTests {
    /// The log and the match attempts filtered with `/`: the filters in the titles, only matching rows.
    @Test(arguments: sizes) func filteredLogAndMatchAttempts(size: ScreenSize) {
        assertSnapshot(Self.render(Fixtures.filtered(), size), named: "filtered-\(size.width)x\(size.height)")
    }

    /// The `/` prompt in the footer row.
    @Test(arguments: sizes) func filterPromptInTheFooter(size: ScreenSize) {
        assertSnapshot(Self.render(Fixtures.filterPrompt(), size), named: "filter-prompt-\(size.width)x\(size.height)")
    }
}

extension SnapshotTests {
    /// The deferred match's screen, then `P` to AppsFlyer: the header names the service and its app id,
    /// the device's panes start empty, the log keeps the history and says what changed.
    @Test(arguments: sizes) func afterSwitchingToAppsFlyer(size: ScreenSize) {
        let state = Fixtures.reduced(
            Fixtures.deferredMatch(),
            [
                .providerChanged(.appsFlyer),
                .targetChanged(url: "http://127.0.0.1:43121 (embedded)", orgKey: "id123456789", sdkVersion: "1.0.0"),
                .log(
                    .info,
                    "service: OptoLink → AppsFlyer; the simulated device was rebuilt on http://127.0.0.1:43121 "
                        + "(a fresh install, never launched) and the panes reset"),
            ])
        assertSnapshot(Self.render(state, size), named: "provider-appsflyer-\(size.width)x\(size.height)")
    }
}

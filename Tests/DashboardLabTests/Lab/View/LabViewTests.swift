import DashboardTestSupport
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardLab
@testable import DashboardProxy
@testable import DashboardScenarios

@Suite("Lab view: rendering")
struct LabViewTests {
    static let sizes = [ScreenSize(width: 120, height: 40), ScreenSize(width: 80, height: 24)]

    @Test(arguments: sizes) func aFinishedRunShowsTheClassesTheCurveAndTheInstalls(size: ScreenSize) {
        // Given a finished lab
        let state = LabViewFixtures.finished()

        // When the Lab view is drawn
        let screen = DashboardRenderer.render(state, size: size).lines.joined(separator: "\n")

        // Then every service, every class, precision and recall, the curve and the list show
        for service in OptoLinkService.allCases { #expect(screen.contains(CompareColumn.title(service))) }
        for outcome in LabOutcomeClass.allCases { #expect(screen.contains(outcome.label)) }
        #expect(screen.contains("recall"))
        #expect(screen.contains("precision by threshold"))
        #expect(screen.contains("▲ backend 65"))
        #expect(screen.contains("installs of OptoLink"))
        #expect(screen.contains(String(LabView.line(LabViewFixtures.result().services[0].installs[0]).prefix(32))))
        #expect(screen.contains("5 000 installs (1 000 organic)"))
    }

    @Test func theRecallCurveShowsWhenThereIsRoomForBoth() {
        // Given a finished lab at 120×40 and at 80×24
        let state = LabViewFixtures.finished()

        // When drawn
        let large = DashboardRenderer.render(state, size: ScreenSize(width: 120, height: 40)).lines.joined()
        let small = DashboardRenderer.render(state, size: ScreenSize(width: 80, height: 24)).lines.joined()

        // Then the large screen has both curves, the small one precision alone
        #expect(large.contains("recall by threshold"))
        #expect(!small.contains("recall by threshold"))
    }

    @Test func aRunningLabShowsItsProgressBarRateAndTimeLeft() {
        // Given a lab 42 % through at 60 000 installs a second
        let state = LabViewFixtures.running()
        guard case .running(let progress) = state.lab.phase else {
            Issue.record("not running")
            return
        }

        // When drawn
        let screen = DashboardRenderer.render(state, size: ScreenSize(width: 80, height: 24)).lines.joined()

        // Then the bar, the rate and the time left show, and Esc stops it
        #expect(screen.contains(progress.statusLine))
        #expect(screen.contains("60 000 installs/s"))
        #expect(screen.contains("3 s left"))
        #expect(screen.contains("Esc stops"))
    }

    @Test(arguments: sizes) func aRunningLabShowsEachServicesClassesSoFar(size: ScreenSize) {
        // Given a lab 42 % through whose reports carry the classes so far, after an earlier run
        var state = LabViewFixtures.finished()
        let classes = OptoLinkService.allCases.indices.map { LabViewFixtures.counts(step: 2, offset: $0) }
        DashboardReducer.reduce(
            &state, .lab(.started(lab: "cgnat", services: OptoLinkService.allCases, installs: 5_000)))
        DashboardReducer.reduce(
            &state, .lab(.progress(LabProgress(done: 105_000, total: 250_000, elapsed: 1.75, classes: classes))))

        // When drawn
        let screen = DashboardRenderer.render(state, size: size).lines.joined(separator: "\n")

        // Then this run's classes show for every service (not the last run's), with precision and recall
        for service in OptoLinkService.allCases { #expect(screen.contains(CompareColumn.title(service))) }
        for outcome in LabOutcomeClass.allCases { #expect(screen.contains(outcome.label)) }
        #expect(screen.contains(LabValue.grouped(classes[0].correct)))
        #expect(!screen.contains(LabValue.grouped(LabViewFixtures.result().services[0].counts.correct)))
        #expect(screen.contains("So far"))
        #expect(!screen.contains("below: the last run"))
        #expect(screen.contains("60 000 installs/s"))
    }

    @Test func theSelectedInstallStaysInViewAtTheBottomOfTheList() {
        // Given the finished Lab view with the last install selected
        var state = LabViewFixtures.finished()
        for _ in 0..<20 { DashboardReducer.reduce(&state, .moveSelection(1)) }
        let last = LabViewFixtures.result().services[0].installs.last!

        // When drawn at 80×24
        let screen = DashboardRenderer.render(state, size: ScreenSize(width: 80, height: 24)).lines.joined()

        // Then its row shows (cut to the list's width)
        #expect(screen.contains(String(LabView.line(last).prefix(30))))
    }
}

@Suite("Lab view snapshots")
struct LabViewSnapshotTests {
    /// The Lab view after a run: the classes side by side, the curves, the installs.
    @Test(arguments: LabViewTests.sizes) func labViewFinished(size: ScreenSize) {
        assertSnapshot(
            DashboardRenderer.render(LabViewFixtures.finished(), size: size).lines,
            named: "lab-finished-\(size.width)x\(size.height)")
    }

    /// The Lab view during its first run: the progress bar.
    @Test(arguments: LabViewTests.sizes) func labViewRunning(size: ScreenSize) {
        assertSnapshot(
            DashboardRenderer.render(LabViewFixtures.running(), size: size).lines,
            named: "lab-running-\(size.width)x\(size.height)")
    }
}

import Testing
@testable import OptoLinkDashboard

@Suite("TimelinePaneView")
struct TimelinePaneViewTests {
    static let sizes = [ScreenSize.full, ScreenSize.minimum]

    /// The screen line of request `id`'s timeline row.
    static func row(_ id: Int, in lines: [String]) -> String {
        lines.first { $0.hasPrefix("│ #\(id) ") } ?? ""
    }

    @Test(arguments: sizes)
    func theActiveRowKeepsItsCountdownInsideThePane(size: ScreenSize) {
        // Given: an older request at 0 s, and request #2 started 7 s later, 1.2 s into its 2 s wait.
        let state = Fixtures.flakyAfterEarlierMatch()

        // When
        let lines = DashboardRenderer.render(state, size: size).lines

        // Then: the whole countdown label is drawn, with every attempt before it, and the row is not cut.
        let row = Self.row(2, in: lines)
        #expect(row.contains("wait 0.8s"), "\(row)")
        #expect(row.contains("[503 2ms]") && row.contains("[503 8ms]"), "\(row)")
        #expect(!row.contains("…"), "\(row)")
    }

    @Test(arguments: sizes)
    func everyFinishedRowShowsItsOutcome(size: ScreenSize) {
        // Given: request #2 answered 200 at its third attempt.
        let state = Fixtures.flakyAfterEarlierMatch(finished: true)

        // When
        let lines = DashboardRenderer.render(state, size: size).lines

        // Then
        #expect(Self.row(1, in: lines).contains("[200 4ms] → 200 ✔"))
        #expect(Self.row(2, in: lines).contains("[200 2ms] → 200 ✔ after 3"), "\(Self.row(2, in: lines))")
    }

    @Test(arguments: sizes)
    func rowsStayInTimeOrderOnTheAxis(size: ScreenSize) {
        // Given / When
        let lines = DashboardRenderer.render(Fixtures.flakyAfterEarlierMatch(finished: true), size: size).lines

        // Then: the axis starts at the earliest row (0 s) and the later request starts further right.
        let axis = lines.first { $0.hasPrefix("│ request") } ?? ""
        #expect(axis.contains("┬0s"))
        let first = Array(Self.row(1, in: lines)).firstIndex(of: "[") ?? -1
        let second = Array(Self.row(2, in: lines)).firstIndex(of: "[") ?? -1
        #expect(first >= 0 && second > first)
    }

    @Test(arguments: sizes)
    func aRowTooLongForThePaneDropsItsOldestSegmentsButKeepsTheOutcome(size: ScreenSize) {
        // Given: four refused attempts with their waits (wider than the 80-column pane even packed tight).
        let state = Fixtures.serverDown()

        // When
        let lines = DashboardRenderer.render(state, size: size).lines

        // Then: the last attempt and the whole outcome are shown; what was dropped is marked with `…`.
        let row = Self.row(2, in: lines)
        #expect(row.contains("[connection refused 1ms] → gave up after 4 ✘"), "\(row)")
        let packed = TimelinePaneView.layout(state.timeline[1], now: state.now, origin: 50, secondsPerColumn: .infinity, skip: 0)
        let stripWidth = size.width - 2 - TimelinePaneView.labelWidth - 1
        #expect(row.contains("…") == (packed.end > stripWidth))
    }
}

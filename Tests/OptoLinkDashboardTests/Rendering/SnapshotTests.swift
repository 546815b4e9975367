import Testing
@testable import OptoLinkDashboard

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
        assertSnapshot(Self.render(Fixtures.deferredMatch(), size), named: "deferred-breakdown-\(size.width)x\(size.height)")
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
        assertSnapshot(Self.render(Fixtures.backoffOneTwoFour(), size), named: "waterfall-1-2-4-\(size.width)x\(size.height)")
    }
}

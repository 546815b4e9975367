import Foundation

/// Folds everything a headless run reports into a ``DashboardState`` (through the same reducer as the
/// dashboard), so `--export` and `--junit` write what the dashboard would have shown.
///
/// `@unchecked Sendable` is safe: `stored` is only touched while `lock` is held.
package final class HeadlessRecording: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: DashboardState
    private let now: @Sendable () -> Double

    /// Creates a recording whose state is laid out at `size` (the SVG screenshot's size) and ticks with `now`.
    package init(size: ScreenSize = .full, now: @escaping @Sendable () -> Double) {
        var state = DashboardState(size: size)
        DashboardReducer.reduce(&state, .scenarioExpectations(ScenarioCatalog.expectations))
        DashboardReducer.reduce(&state, .scenariosAvailable(ScenarioCatalog.names))
        stored = state
        self.now = now
    }

    /// The state so far.
    package var state: DashboardState {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Applies `action` after a tick of the clock (verdicts and log lines carry the time they arrived).
    package func apply(_ action: DashboardAction) {
        let time = now()
        lock.lock()
        DashboardReducer.reduce(&stored, .tick(now: time))
        DashboardReducer.reduce(&stored, action)
        lock.unlock()
    }
}

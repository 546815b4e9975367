import DashboardCore
import DashboardScenarios
import DashboardSessions
import Foundation

/// Folds everything a headless run reports into a ``DashboardState`` (through the same reducer as the
/// dashboard), so `--export` and `--junit` write what the dashboard would have shown, and `--record` writes
/// the session the dashboard would have recorded.
///
/// ```swift
/// let recording = HeadlessRecording(now: { clock.now() })
/// try recording.startRecording(to: URL(fileURLWithPath: "run.olsession"), settings: settings)
/// recording.apply(.log(.info, "hello"))   // folded into the state and written to the session
/// recording.stopRecording()
/// ```
///
/// `@unchecked Sendable` is safe: `stored` and `recorder` are only touched while `lock` is held.
package final class HeadlessRecording: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: DashboardState
    private var recorder: SessionRecorder?
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

    /// Starts writing every action from now on to a session file at `url` (created or emptied), opened by the
    /// state's settings so far, as `--record` does in the dashboard.
    /// - Throws: ``DashboardError/session(_:)`` when the file cannot be created.
    package func startRecording(to url: URL, settings: SessionSettings) throws(DashboardError) {
        lock.lock()
        defer { lock.unlock() }
        recorder = try SessionRecorder(
            url: url, settings: settings, state: stored, clock: ClosureDashboardClock(now))
    }

    /// Writes what is queued and closes the session file; the file's path, nil when none was recorded.
    @discardableResult
    package func stopRecording() -> String? {
        lock.lock()
        let recorder = self.recorder
        self.recorder = nil
        lock.unlock()
        recorder?.stop()
        return recorder?.writer.url.path
    }

    /// Applies `action` after a tick of the clock (verdicts and log lines carry the time they arrived), and
    /// records both when a session is being recorded.
    package func apply(_ action: DashboardAction) {
        lock.lock()
        defer { lock.unlock() }
        let time = now()
        DashboardReducer.reduce(&stored, .tick(now: time))
        DashboardReducer.reduce(&stored, action)
        recorder?.record(.tick(now: time), at: time)
        recorder?.record(action, at: time)
    }
}

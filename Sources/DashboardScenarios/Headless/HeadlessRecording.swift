import DashboardCore
import Foundation

/// Folds everything a headless run reports into a ``DashboardState`` (through the same reducer as the
/// dashboard), so `--export` and `--junit` write what the dashboard would have shown, and a session it records
/// (``HeadlessSession``) holds what the dashboard would have recorded.
///
/// ```swift
/// let recording = HeadlessRecording(now: { clock.now() })
/// recording.record(to: session)
/// recording.apply(.log(.info, "hello"))   // folded into the state and written to the session
/// ```
///
/// `@unchecked Sendable` is safe: `stored` and `session` are only touched while `lock` is held.
package final class HeadlessRecording: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: DashboardState
    private var session: (any HeadlessSession)?
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

    /// Writes every action from now on to `session` too.
    package func record(to session: any HeadlessSession) {
        lock.lock()
        defer { lock.unlock() }
        self.session = session
    }

    /// Stops recording and finishes the session, if any (``HeadlessSession/finish(write:errors:)``).
    /// - Returns: 0, or the session's code when a file could not be written.
    package func finish(write: @Sendable (String) -> Void, errors: @Sendable (String) -> Void) -> Int32 {
        lock.lock()
        let session = self.session
        self.session = nil
        lock.unlock()
        return session?.finish(write: write, errors: errors) ?? 0
    }

    /// Applies `action` after a tick of the clock (verdicts and log lines carry the time they arrived), and
    /// records both when a session is being recorded.
    package func apply(_ action: DashboardAction) {
        lock.lock()
        defer { lock.unlock() }
        let time = now()
        DashboardReducer.reduce(&stored, .tick(now: time))
        DashboardReducer.reduce(&stored, action)
        session?.record(.tick(now: time), at: time)
        session?.record(action, at: time)
    }
}

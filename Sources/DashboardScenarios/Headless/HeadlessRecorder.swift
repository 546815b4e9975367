import DashboardCore

/// Where a headless run keeps its session besides its state: `--record`'s file and `--cast`'s asciicast.
///
/// The scenarios know only this; the dashboard's sessions provide the one it ships, so a headless run records
/// the same file the dashboard would have.
///
/// ```swift
/// let session = try recorder.open(options: options, state: recording.state, now: { clock.now() })
/// ```
package protocol HeadlessRecorder: Sendable {
    /// Opens the session `options` asks for, starting from `state`; nil when it asks for none.
    /// - Parameter now: the run's clock (what each recorded tick carries).
    /// - Throws: ``DashboardError/export(_:)`` when the file cannot be created.
    func open(
        options: DashboardOptions, state: DashboardState, now: @escaping @Sendable () -> Double
    ) throws(DashboardError) -> (any HeadlessSession)?
}

/// A headless run's open session.
package protocol HeadlessSession: AnyObject, Sendable {
    /// Records `action`, which arrived at `time`.
    func record(_ action: DashboardAction, at time: Double)

    /// Closes the session and writes what it was opened for (the asciicast); says where each went.
    /// - Returns: 0, or 2 when a file could not be written.
    func finish(write: @Sendable (String) -> Void, errors: @Sendable (String) -> Void) -> Int32
}

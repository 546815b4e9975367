/// Whether the app's install still has its first launch to run (the `optolink_first_launch_done` flag).
package enum InspectorLaunchState: String, Sendable, Hashable, Codable {
    /// The first-launch sequence (deferred match) has not settled yet on this install.
    case firstLaunchPending
    /// The first launch is over: later launches do not ask `/match`.
    case firstLaunchDone
}

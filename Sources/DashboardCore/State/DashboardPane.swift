/// The panes of the dashboard that can take the keyboard focus, in Tab order.
package enum DashboardPane: Int, Sendable, Hashable, CaseIterable {
    /// Device profile: device id, install number, session, identity, clipboard, queue.
    case profile
    /// Fingerprint: app side versus browser side, editable.
    case fingerprint
    /// The running (or last) scenario's checklist and verdict; in the Tab order only once a scenario ran.
    case scenario
    /// Match attempts and the breakdown of the selected one.
    case matches
    /// Retry timeline: one row per request on a time axis.
    case timeline
    /// Log of diagnostics and warnings.
    case log

    /// The title drawn on the pane's border.
    package var title: String {
        switch self {
        case .profile: "Device profile"
        case .fingerprint: "Fingerprint"
        case .scenario: "Scenario"
        case .matches: "Match attempts"
        case .timeline: "Retry timeline"
        case .log: "Log"
        }
    }
}

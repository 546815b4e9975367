/// The overlay drawn over the panes, if any. Esc closes every overlay.
package enum DashboardOverlay: Sendable, Hashable {
    /// No overlay.
    case none
    /// The `?` help, generated from the keymap.
    case help
    /// A one-line text input (fingerprint field, identity).
    case textInput(purpose: TextInputPurpose, text: String)
    /// The fault menu: selected fault and the number of requests it applies to.
    case faultMenu(selected: FaultKind, count: Int)
    /// The scenario picker: index into ``DashboardState/scenarioNames``; with `compare`, Enter runs the
    /// scenario against every service at once (`C`) instead of on the simulated device (`s`).
    case scenarioPicker(selected: Int, compare: Bool = false)
    /// The request inspector of one timeline row, scrolled down `scroll` lines.
    case inspector(requestID: Int, scroll: Int)
    /// The compare of ``DashboardState/compare``: one column per service.
    case compare
    /// The Lab view of ``DashboardState/lab``: the run's progress, the classes, the curve, the installs.
    case lab
    /// Attach mode's device list (`D`): index into ``AttachState/devices``.
    case deviceList(selected: Int)
}

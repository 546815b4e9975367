/// The overlay drawn over the panes, if any. Esc closes every overlay.
public enum DashboardOverlay: Sendable, Hashable {
    /// No overlay.
    case none
    /// The `?` help, generated from the keymap.
    case help
    /// A one-line text input (fingerprint field, identity).
    case textInput(purpose: TextInputPurpose, text: String)
    /// The fault menu: selected fault and the number of requests it applies to.
    case faultMenu(selected: FaultKind, count: Int)
    /// The scenario picker: index into ``DashboardState/scenarioNames``.
    case scenarioPicker(selected: Int)
    /// The request inspector of one timeline row, scrolled down `scroll` lines.
    case inspector(requestID: Int, scroll: Int)
    /// Attach mode's device list (`D`): index into ``AttachState/devices``.
    case deviceList(selected: Int)
}

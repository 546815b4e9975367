/// What a simulated device does in a lab: install after a click, install without one, or click and never install.
package enum LabRole: UInt8, Sendable, Hashable, CaseIterable {
    /// Clicked a link, then installed and opened the app (its click is the ground truth).
    case clicked
    /// Installed and opened the app without clicking anything: any match is a false match.
    case organic
    /// Clicked a link and never installed: its click only waits on its address as a candidate.
    case abandoned
}

/// What the retry timeline shows: which row is selected and which stretch of time is on screen.
///
/// Every field nil is the default: follow the newest requests (the newest row selected, the time axis fitted
/// so every shown row is whole). `+`/`-` fix the scale, ←/→ fix the left edge, `0` returns to the default.
package struct TimelineViewport: Sendable, Hashable {
    /// The selected row's request id; nil follows the newest row.
    package var selectedRequestID: Int?
    /// Seconds per column; nil fits the shown rows into the pane.
    package var secondsPerColumn: Double?
    /// Clock time of the strip's left edge; nil follows the newest requests (the right end stays in view).
    package var start: Double?

    /// Creates a viewport (default: follow and fit).
    package init(selectedRequestID: Int? = nil, secondsPerColumn: Double? = nil, start: Double? = nil) {
        self.selectedRequestID = selectedRequestID
        self.secondsPerColumn = secondsPerColumn
        self.start = start
    }

    /// The finest and the coarsest scale `+`/`-` reach (0.1 ms and one hour per column).
    package static let scaleRange: ClosedRange<Double> = 0.000_1...3_600

    /// True when nothing was fixed by the user: newest rows, fitted axis.
    package var isFollowing: Bool { selectedRequestID == nil && secondsPerColumn == nil && start == nil }
}

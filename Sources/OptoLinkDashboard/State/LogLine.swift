/// One line of the log pane.
public struct LogLine: Sendable, Hashable {
    /// Clock time of the line.
    public var time: Double
    /// Severity.
    public var level: DashboardLogLevel
    /// The text (one line; newlines are replaced when rendering).
    public var text: String

    /// Creates a line.
    public init(time: Double, level: DashboardLogLevel, text: String) {
        self.time = time
        self.level = level
        self.text = text
    }
}

/// One line of the log pane.
public struct LogLine: Sendable, Hashable {
    /// Clock time of the line.
    public var time: Double
    /// Severity.
    public var level: DashboardLogLevel
    /// The text (one line; newlines are replaced when rendering).
    public var text: String
    /// True for a line whose action carried no time (``DashboardAction/log(_:_:)``, scenario start and
    /// verdict): ``time`` is provisional until the next ``DashboardAction/tick(now:)`` stamps it with the
    /// clock reading. The app loop drains its inbox and then ticks, so that reading is taken right after
    /// the line arrived, whereas the last reading before it can be a whole idle wait old.
    public var awaitsClock: Bool

    /// Creates a line.
    public init(time: Double, level: DashboardLogLevel, text: String, awaitsClock: Bool = false) {
        self.time = time
        self.level = level
        self.text = text
        self.awaitsClock = awaitsClock
    }
}

/// One line of the log pane.
package struct LogLine: Sendable, Hashable {
    /// Clock time of the line.
    package var time: Double
    /// Severity.
    package var level: DashboardLogLevel
    /// The text (one line; newlines are replaced when rendering).
    package var text: String
    /// True for a line whose action carried no time (``DashboardAction/log(_:_:)``, scenario start and
    /// verdict): ``time`` is provisional until the next ``DashboardAction/tick(now:)`` stamps it with the
    /// clock reading. The app loop drains its inbox and then ticks, so that reading is taken right after
    /// the line arrived, whereas the last reading before it can be a whole idle wait old.
    package var awaitsClock: Bool

    /// Creates a line.
    package init(time: Double, level: DashboardLogLevel, text: String, awaitsClock: Bool = false) {
        self.time = time
        self.level = level
        self.text = text
        self.awaitsClock = awaitsClock
    }
}

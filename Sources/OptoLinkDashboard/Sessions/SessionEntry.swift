import Foundation

/// One line of a session file after the header: a recorded change and when it happened.
///
/// `{"a":{"log":{"level":"info","text":"app: cold start by /acme/fall"}},"t":812.41,"w":1748855643.2}`
package struct SessionEntry: Sendable, Hashable, Codable {
    /// The dashboard's clock when it was applied (seconds; the clock ``DashboardAction/tick(now:)`` carries and
    /// the diagnostics' times are on). Replay paces entries by it.
    package var time: Double
    /// The wall clock when it was applied.
    package var wall: Date
    /// What changed.
    package var action: SessionAction

    /// Creates an entry.
    package init(time: Double, wall: Date, action: SessionAction) {
        self.time = time
        self.wall = wall
        self.action = action
    }

    private enum CodingKeys: String, CodingKey {
        case time = "t"
        case wall = "w"
        case action = "a"
    }
}

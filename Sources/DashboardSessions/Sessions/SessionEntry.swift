import DashboardCore
import Foundation

/// One line of a session file after the header: a recorded dashboard action, the clock time it was applied at
/// and the wall time (`{"t":12.5,"w":1796000000.25,"a":{"log":{"level":"info","text":"…"}}}`).
package struct SessionEntry: Sendable, Hashable, Codable {
    /// The dashboard clock's time the action was applied at (seconds, the same clock as the diagnostics').
    package var time: Double
    /// The wall-clock time it was recorded at.
    package var wall: Date
    /// The recorded action (``DashboardAction``'s `Codable`; a tick carries the entry's ``time``); nil for one
    /// this version cannot replay (a service it does not know), which replay skips.
    package var action: DashboardAction?

    /// An entry of `action` at clock time `time`.
    package init(time: Double, wall: Date, action: DashboardAction?) {
        self.time = time
        self.wall = wall
        self.action = action
    }

    /// Whether replay steps (`[` `]`) stop after this entry: every entry but the clock's.
    package var isStep: Bool {
        if case .tick = action { return false }
        return true
    }

    private enum CodingKeys: String, CodingKey {
        case time = "t"
        case wall = "w"
        case action = "a"
    }

    /// Reads an entry; an action this version does not know reads as nil. A tick is stored without its time
    /// (`{"tick":{}}`): it is the entry's.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decode(Double.self, forKey: .time)
        wall = try container.decode(Date.self, forKey: .wall)
        do {
            let recorded = try container.decode(DashboardAction.self, forKey: .action)
            if case .tick = recorded { action = .tick(now: time) } else { action = recorded }
        } catch is DashboardAction.UnknownRecord {
            action = nil
        }
    }
}

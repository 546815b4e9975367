import DashboardCore

/// How a session becomes an asciicast: the screen's size, the playback speed and the longest idle gap kept.
package struct CastSettings: Sendable, Hashable {
    /// The terminal size the screen is drawn at (default 120×40, where every pane is visible).
    package var size = ScreenSize.full
    /// Playback speed: recorded gaps are divided by it (default 1, as recorded).
    package var speed = 1.0
    /// The longest gap between two frames in the cast, in seconds, before `speed` (default 2: a session waiting
    /// minutes for a retry plays in seconds, and a viewer still sees that time passed). Also written to the
    /// header's `idle_time_limit`.
    package var idleLimit = 2.0
    /// The shortest time between two frames in seconds (default 1/30: entries closer than that are drawn as
    /// one frame, at the pace a player shows them anyway).
    package var frameInterval = 1.0 / 30

    /// Settings with every default.
    package init() {}

    /// Parses `120x40` (columns × rows, each 1–1000); nil otherwise.
    package static func size(parsing text: String) -> ScreenSize? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...1000).contains(width), (1...1000).contains(height)
        else { return nil }
        return ScreenSize(width: width, height: height)
    }
}

/// Maps the viewer's clock to the recording's while a session replays: paused, as recorded, or faster.
///
/// A pure value: the caller passes its own clock's time (the app loop's, or a test's manual clock), so
/// replay timing is tested without waiting.
///
/// ```swift
/// var clock = ReplayClock()
/// clock.setSpeed(4, at: 100, recorded: 812)   // from now on 1 s of the viewer's is 4 s of the recording's
/// clock.recordedTime(at: 102)                 // 820
/// ```
package struct ReplayClock: Sendable, Hashable {
    /// The speeds `<` and `>` step through: paused, as recorded, 4×, 16×, 64×.
    package static let speeds: [Double] = [0, 1, 4, 16, 64]
    /// The current speed (0 = paused).
    package private(set) var speed: Double = 0
    private var anchorViewer: Double = 0
    private var anchorRecorded: Double = 0

    /// A paused clock at recorded time `recorded`.
    package init(recorded: Double = 0) { anchorRecorded = recorded }

    /// The recording's time when the viewer's clock reads `viewer`.
    package func recordedTime(at viewer: Double) -> Double {
        anchorRecorded + max(0, viewer - anchorViewer) * speed
    }

    /// Plays at `speed` from recorded time `recorded`, the viewer's clock reading `viewer`.
    package mutating func setSpeed(_ speed: Double, at viewer: Double, recorded: Double) {
        self.speed = max(0, speed)
        anchorViewer = viewer
        anchorRecorded = recorded
    }

    /// The next (`direction` > 0) or previous speed of ``speeds`` from the current one.
    package func nextSpeed(_ direction: Int) -> Double {
        let index = Self.speeds.lastIndex { $0 <= speed } ?? 0
        return Self.speeds[min(max(0, index + (direction > 0 ? 1 : -1)), Self.speeds.count - 1)]
    }
}

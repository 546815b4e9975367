import OptoLinkToolSupport

/// What the header and footer say about a session: the live dashboard records one, or the screen shows one.
package struct SessionStatus: Sendable, Hashable {
    /// Recording or replaying.
    package enum Mode: Sendable, Hashable {
        /// The live dashboard appends to ``SessionStatus/file`` (`--record`, `W`).
        case recording
        /// The screen shows a recorded session (`--open`).
        case replay
    }

    /// Recording or replaying.
    package var mode: Mode
    /// The file's path as given.
    package var file: String
    /// Recording: entries dropped because the disk fell behind (0 normally).
    package var dropped = 0
    /// Replay: entries applied so far.
    package var position = 0
    /// Replay: entries in the file.
    package var count = 0
    /// Replay: seconds from the first entry to the last applied one.
    package var elapsed = 0.0
    /// Replay: seconds from the first entry to the last.
    package var duration = 0.0
    /// Replay: how fast it plays (0 = paused, 1 = as recorded, 4, 16…).
    package var speed = 0.0
    /// Replay: when it was recorded (the header's `createdAt`), or `HAR` for an imported HAR.
    package var recordedAt = ""

    /// Creates a status.
    package init(mode: Mode, file: String) {
        self.mode = mode
        self.file = file
    }

    /// The header's part: `● REC bug.olsession` or `session bug.olsession (2025-06-02 09:14)`.
    package var headerText: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        switch mode {
        case .recording: return "● REC \(name)" + (dropped > 0 ? " (\(dropped) dropped)" : "")
        case .replay: return "\(recordedAt == "HAR" ? "HAR" : "session") \(name)"
        }
    }

    /// The replay bar: `▶ 4× 0:12.3 / 1:05.0 ▕████░░░░▏ 123/456`, fitted to `width` columns (the bar
    /// shrinks first).
    package func replayBar(width: Int) -> String {
        let state = speed == 0 ? "⏸ paused" : "▶ \(formatSpeed(speed))"
        let times = "\(clockLabel(elapsed)) / \(clockLabel(duration))"
        let counts = "\(position)/\(count)"
        let fixed = state.count + times.count + counts.count + 5
        let barWidth = min(40, width - fixed)
        guard barWidth >= 4 else { return "\(state) \(times) \(counts)" }
        let filled = count == 0 ? barWidth : FileNumber.saturating(Double(position) / Double(count) * Double(barWidth))
        let bar = "▕" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "▏"
        return "\(state) \(times) \(bar) \(counts)"
    }

    /// `1×`, `4×`, `0.5×`.
    private func formatSpeed(_ speed: Double) -> String {
        speed == speed.rounded() ? "\(FileNumber.saturating(speed))×" : "\(speed)×"
    }

    /// `1:05.0`, `12:03.4`, `1:02:03`.
    private func clockLabel(_ seconds: Double) -> String {
        let total = max(0, seconds)
        let minutes = FileNumber.saturating(total, .down) / 60
        let rest = total - Double(minutes * 60)
        if minutes >= 60 {
            return "\(minutes / 60):" + pad2(minutes % 60) + ":" + pad2(FileNumber.saturating(rest, .down))
        }
        let tenths = FileNumber.saturating(rest * 10, .down)
        return "\(minutes):" + pad2(tenths / 10) + ".\(tenths % 10)"
    }

    private func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

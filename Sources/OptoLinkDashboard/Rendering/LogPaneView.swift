/// The log pane: the newest lines at the bottom, scrollable back.
enum LogPaneView {
    static func draw(_ state: DashboardState, in rect: Rect, focused: Bool, into buffer: inout ScreenBuffer) {
        let inner = rect.inner
        // The reducer keeps the scroll within a page of the oldest line for the state's size; clamp again
        // in case this is drawn at another size, so the pane is always full.
        let end = state.log.isEmpty ? 0 : max(min(state.log.count, max(1, inner.height)), state.log.count - state.logScroll)
        let scrolled = state.log.count - end
        let title = scrolled > 0 ? "\(DashboardPane.log.title) (↑\(scrolled))" : DashboardPane.log.title
        buffer.box(rect, title: title, focused: focused)
        guard inner.height > 0 else { return }
        if state.log.isEmpty {
            buffer.write(" no log lines yet", x: inner.x, y: inner.y, maxWidth: inner.width, role: .dim)
            return
        }
        let start = max(0, end - inner.height)
        for (offset, line) in state.log[start..<end].enumerated() {
            let y = inner.y + offset
            let time = clockLabel(line.time, origin: state.origin)
            var x = inner.x + buffer.write(" " + time + " ", x: inner.x, y: y, role: .dim)
            let (label, role): (String, StyleRole) = switch line.level {
            case .info: ("info ", .dim)
            case .warning: ("WARN ", .warning)
            case .error: ("ERROR", .error)
            }
            x += buffer.write(label + " ", x: x, y: y, role: role, bold: line.level == .error)
            buffer.write(line.text, x: x, y: y, maxWidth: inner.x + inner.width - x, role: line.level == .info ? .normal : role)
        }
    }

    /// `mm:ss.s` since the state's origin (the first time seen).
    static func clockLabel(_ time: Double, origin: Double?) -> String {
        let elapsed = max(0, time - (origin ?? time))
        let tenths = Int((elapsed * 10).rounded())
        let minutes = tenths / 600, seconds = tenths / 10 % 60, fraction = tenths % 10
        return "\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds).\(fraction)"
    }
}

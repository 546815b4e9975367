/// The log pane: the newest lines at the bottom, scrollable back.
enum LogPaneView {
    static func draw(_ state: DashboardState, in rect: Rect, focused: Bool, into buffer: inout ScreenBuffer) {
        let title = state.logScroll > 0 ? "\(DashboardPane.log.title) (↑\(state.logScroll))" : DashboardPane.log.title
        buffer.box(rect, title: title, focused: focused)
        let inner = rect.inner
        guard inner.height > 0 else { return }
        if state.log.isEmpty {
            buffer.write(" no log lines yet", x: inner.x, y: inner.y, maxWidth: inner.width, role: .dim)
            return
        }
        let end = max(0, state.log.count - state.logScroll)
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

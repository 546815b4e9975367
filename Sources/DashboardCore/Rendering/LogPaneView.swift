import OptoLinkToolSupport

/// The log pane: the newest lines at the bottom (those the `/` filter shows), scrollable back. A warning or an
/// error wraps onto as many rows as it needs (a FAIL's cause is in its last words), under its text; an info line
/// keeps to one row.
package enum LogPaneView {
    static func draw(_ state: DashboardState, in rect: Rect, focused: Bool, into buffer: inout ScreenBuffer) {
        let inner = rect.inner
        let indices = state.visibleLogIndices
        let count = indices?.count ?? state.log.count
        // The reducer keeps the scroll within a page of the oldest line for the state's size; clamp again
        // in case this is drawn at another size, so the pane is always full.
        let end = count == 0 ? 0 : max(min(count, max(1, inner.height)), count - state.logScroll)
        let scrolled = count - end
        var title = DashboardPane.log.title
        if indices != nil { title += " · /\(state.logFilter) (\(count) of \(state.log.count))" }
        if scrolled > 0 { title += " (↑\(scrolled))" }
        buffer.box(rect, title: title, focused: focused)
        guard inner.height > 0 else { return }
        if count == 0 {
            let text = state.log.isEmpty ? " no log lines yet" : " no log line matches /\(state.logFilter) · Esc clears"
            buffer.write(text, x: inner.x, y: inner.y, maxWidth: inner.width, role: .dim)
            return
        }
        // The rows of the newest lines that fit, from the bottom up; the oldest shown may lose its first rows.
        let prefixWidth = 1 + clockLabel(0, origin: 0).count + 1 + 6
        let textWidth = max(1, inner.width - prefixWidth)
        var rows: [(line: LogLine, text: String, first: Bool)] = []
        var position = end
        while position > 0, rows.count < inner.height {
            position -= 1
            let line = state.log[indices?[position] ?? position]
            let wrapped = line.level == .info ? [line.text] : WordWrap.lines(line.text, width: textWidth)
            let pieces = wrapped.isEmpty ? [""] : wrapped
            rows.insert(contentsOf: pieces.enumerated().map { (line, $0.element, $0.offset == 0) }, at: 0)
        }
        for (offset, row) in rows.suffix(inner.height).enumerated() {
            let line = row.line
            let y = inner.y + offset
            let role: StyleRole =
                switch line.level {
                case .info: .dim
                case .warning: .warning
                case .error: .error
                }
            var x = inner.x
            if row.first {
                let time = clockLabel(line.time, origin: state.origin)
                x += buffer.write(" " + time + " ", x: inner.x, y: y, role: .dim)
                x += buffer.write(
                    line.level.label.padding(to: 5) + " ", x: x, y: y, role: role, bold: line.level == .error)
            } else {
                x += prefixWidth
            }
            buffer.write(
                row.text, x: x, y: y, maxWidth: inner.x + inner.width - x, role: line.level == .info ? .normal : role)
        }
    }

    /// `mm:ss.s` since the state's origin (the first time seen).
    package static func clockLabel(_ time: Double, origin: Double?) -> String {
        let elapsed = max(0, time - (origin ?? time))
        let tenths = FileNumber.saturating(elapsed * 10)
        let minutes = tenths / 600
        let seconds = tenths / 10 % 60
        let fraction = tenths % 10
        return "\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds).\(fraction)"
    }
}

extension String {
    /// The string padded on the right with spaces to `width` characters (no Foundation).
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

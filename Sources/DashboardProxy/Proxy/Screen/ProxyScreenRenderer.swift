import DashboardCore

/// Draws ``ProxyScreenState``: a header (where it listens → the backend, the pending faults), the requests
/// (newest at the bottom, the injected ones in the warning colour), the footer with the keys and the last
/// notice, and the fault menu (the dashboard's own) while it is open.
///
/// ```
///  optolink-dash proxy │ http://127.0.0.1:8788 → http://127.0.0.1:8787
///  pending: 503 on any ×1
/// ╭─ Requests (3) ────────────────────────────────────────────────────────────╮
/// │   0.412s  proxy: POST /match → 503 (injected by the proxy: 503 on any (1 of 2)) │
/// ```
package enum ProxyScreenRenderer {
    /// The screen for `state` at `size`.
    package static func render(_ state: ProxyScreenState, size: ScreenSize) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: size.width, height: size.height)
        guard size.width >= 40, size.height >= 7 else {
            buffer.write("optolink-dash proxy: make the terminal at least 40×7", x: 0, y: 0, maxWidth: size.width)
            return buffer
        }
        buffer.fill(Rect(x: 0, y: 0, width: size.width, height: 1), with: Cell(role: .header))
        buffer.write(
            " optolink-dash proxy │ \(state.listen) → \(state.upstream)", x: 0, y: 0, maxWidth: size.width,
            role: .header)
        buffer.write(
            state.pending.isEmpty
                ? " no pending faults (f injects one)" : " pending: " + state.pending.joined(separator: ", "),
            x: 0, y: 1, maxWidth: size.width, role: state.pending.isEmpty ? .dim : .warning)
        let box = Rect(x: 0, y: 2, width: size.width, height: size.height - 3)
        buffer.box(box, title: "Requests (\(state.lines.count))" + (state.scroll > 0 ? " · ↑ \(state.scroll)" : ""))
        let inner = box.inner
        if state.lines.isEmpty {
            buffer.write(
                " no requests yet: point the app's base URL at \(state.listen)", x: inner.x, y: inner.y,
                maxWidth: inner.width, role: .dim)
        }
        let end = state.lines.count - state.scroll
        let visible = state.lines[max(0, end - inner.height)..<max(0, end)]
        for (offset, line) in visible.enumerated() {
            let time = format3(line.time)
            buffer.write(
                String(repeating: " ", count: max(0, 8 - time.count)) + time + "s  " + line.text, x: inner.x + 1,
                y: inner.y + offset, maxWidth: inner.width - 1, role: line.injected ? .warning : .normal)
        }
        let footer = size.height - 1
        buffer.fill(Rect(x: 0, y: footer, width: size.width, height: 1), with: Cell(role: .footer))
        var x = 1
        for (key, label) in [
            ("f", "fault"), ("c", "clear faults"), ("b", "click --link"), ("↑↓", "scroll"), ("G", "newest"),
            ("q", "quit"),
        ] {
            x += buffer.write(key, x: x, y: footer, maxWidth: size.width - x, role: .footerKey, bold: true) + 1
            x += buffer.write(label, x: x, y: footer, maxWidth: size.width - x, role: .footer) + 2
        }
        if let notice = state.notice, x < size.width - 4 {
            buffer.write("· " + notice, x: x, y: footer, maxWidth: size.width - x - 1, role: .footer)
        }
        if let menu = state.menu { OverlayView.drawFaultMenu(menu.kind, count: menu.count, into: &buffer) }
        return buffer
    }

    /// Three decimals without Foundation (`0.412`).
    static func format3(_ seconds: Double) -> String {
        let millis = Int((max(0, seconds) * 1000).rounded())
        let fraction = millis % 1000
        return "\(millis / 1000)." + String(repeating: "0", count: fraction < 10 ? 2 : fraction < 100 ? 1 : 0)
            + String(fraction)
    }
}

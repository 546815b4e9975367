/// The request inspector overlay: nearly the whole screen, the ``InspectorDocument`` of the row, scrolled.
enum InspectorView {
    static func draw(_ state: DashboardState, requestID: Int, scroll: Int, into buffer: inout ScreenBuffer) {
        let size = ScreenSize(width: buffer.width, height: buffer.height)
        guard let row = state.timeline.last(where: { $0.requestID == requestID }),
            let document = InspectorCache.document(state, requestID: requestID, size: size)
        else { return }
        let rect = Rect(x: 1, y: 1, width: buffer.width - 2, height: buffer.height - 2)
        buffer.fill(rect, with: Cell(role: .overlay))
        let visible = InspectorDocument.visibleRows(for: size)
        let top = min(scroll, max(0, document.lines.count - visible))
        let position =
            document.lines.count > visible
            ? " · lines \(top + 1)–\(min(document.lines.count, top + visible)) of \(document.lines.count)" : ""
        buffer.box(rect, title: (row.isBrowserVisit ? "Browser " : "Request ") + row.title + position, focused: true)
        let inner = rect.inner
        for (offset, line) in document.lines.dropFirst(top).prefix(visible).enumerated() {
            buffer.write(
                line.text, x: inner.x + 1, y: inner.y + offset, maxWidth: inner.width - 2,
                role: line.role == .normal ? .overlay : line.role, bold: line.bold)
        }
        buffer.write(
            " ↑↓ PgUp PgDn scroll · ←→ attempt · g G top/bottom · Esc close", x: inner.x, y: inner.y + inner.height - 1,
            maxWidth: inner.width, role: .dim)
    }
}

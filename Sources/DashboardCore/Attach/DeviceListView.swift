/// The device list overlay (`D` in attach mode): every app attached or gone, the shown one marked.
enum DeviceListView {
    static func draw(_ state: DashboardState, selected: Int, into buffer: inout ScreenBuffer) {
        let devices = state.attach?.devices ?? []
        let rows = max(1, min(devices.count, buffer.height - 8))
        let inner = OverlayView.panel(
            title: "Attached apps (\(state.attach?.liveCount ?? 0) live)", width: 96, height: rows + 4, into: &buffer)
        guard !devices.isEmpty else {
            buffer.write(
                " no app yet: attach one with the token \(state.attach?.token ?? "-") (docs/attach.md)", x: inner.x,
                y: inner.y,
                maxWidth: inner.width, role: .dim)
            buffer.write(" Esc close", x: inner.x, y: inner.y + 1, maxWidth: inner.width, role: .dim)
            return
        }
        let first = max(0, min(selected - rows + 1, devices.count - rows))
        for (offset, device) in devices.dropFirst(first).prefix(rows).enumerated() {
            let index = first + offset
            let y = inner.y + offset
            let isSelected = index == selected
            if isSelected {
                buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), with: Cell(role: .selected))
            }
            let shown = device.key == state.attach?.shownKey ? "▸" : " "
            // The status first: a narrow panel cuts the end of the line.
            let status = device.isLive ? "● live" : "○ gone"
            let text =
                "\(isSelected ? "›" : " ")\(shown) \(status)  \(device.summary)"
                + (device.goneReason.map { " · \($0)" } ?? "")
            buffer.write(
                text, x: inner.x, y: y, maxWidth: inner.width,
                role: isSelected ? .selected : device.isLive ? .overlay : .dim)
        }
        buffer.write(
            " ↑↓ choose · Enter show · x clear gone · Esc close", x: inner.x, y: inner.y + rows + 1,
            maxWidth: inner.width, role: .dim)
    }
}

/// The device profile pane.
enum ProfilePaneView {
    static func draw(_ state: DashboardState, in rect: Rect, focused: Bool, into buffer: inout ScreenBuffer) {
        buffer.box(rect, title: DashboardPane.profile.title, focused: focused)
        let inner = rect.inner
        let p = state.profile
        let label = 12
        var rows: [(String, String, StyleRole)] = [
            ("device", p.deviceId.isEmpty ? "(not launched yet)" : p.deviceId, p.deviceId.isEmpty ? .dim : .normal),
            ("install", "#\(p.installNumber) · first launch \(p.isFirstLaunch ? "pending" : "done")", .normal),
            ("first seen", p.firstSeenAt ?? "-", p.firstSeenAt == nil ? .dim : .normal),
            ("last seen", p.lastSeenAt ?? "-", p.lastSeenAt == nil ? .dim : .normal),
            ("identity", p.identity ?? "(none)", p.identity == nil ? .dim : .normal),
            ("clipboard", p.clipboard ?? "(empty)", p.clipboard == nil ? .dim : .normal),
            ("reading", p.clipboardReadingEnabled ? "enabled" : "disabled", p.clipboardReadingEnabled ? .ok : .warning),
            ("queued", "\(p.queuedEvents) event\(p.queuedEvents == 1 ? "" : "s")", p.queuedEvents > 0 ? .warning : .normal),
        ]
        if let link = state.lastDelivered {
            rows.append(("last link", "\(link.path) (\(link.method))", .ok))
        }
        for (offset, row) in rows.prefix(inner.height).enumerated() {
            let y = inner.y + offset
            buffer.write(" " + row.0, x: inner.x, y: y, maxWidth: label, role: .dim)
            buffer.write(row.1, x: inner.x + label, y: y, maxWidth: inner.width - label - 1, role: row.2)
        }
    }
}

/// The device profile pane.
enum ProfilePaneView {
    static func draw(_ state: DashboardState, in rect: Rect, focused: Bool, into buffer: inout ScreenBuffer) {
        buffer.box(rect, title: DashboardPane.profile.title, focused: focused)
        let inner = rect.inner
        let label = 12
        if let device = state.fileDevice, state.attach == nil {
            drawRows(fileRows(device), label: label, in: inner, into: &buffer)
            return
        }
        let p = state.profile
        var rows: [(String, String, StyleRole)] = [
            ("device", p.deviceId.isEmpty ? "(not launched yet)" : p.deviceId, p.deviceId.isEmpty ? .dim : .normal),
            // installNumber 0: an attached app (a real install, whose reinstalls the dashboard cannot count).
            (
                "install",
                (p.installNumber > 0 ? "#\(p.installNumber) · " : "")
                    + "first launch \(p.isFirstLaunch ? "pending" : "done")", .normal
            ),
            ("first seen", p.firstSeenAt ?? "-", p.firstSeenAt == nil ? .dim : .normal),
            ("last seen", p.lastSeenAt ?? "-", p.lastSeenAt == nil ? .dim : .normal),
            ("identity", p.identity ?? "(none)", p.identity == nil ? .dim : .normal),
            ("clipboard", p.clipboard ?? "(empty)", p.clipboard == nil ? .dim : .normal),
            ("reading", p.clipboardReadingEnabled ? "enabled" : "disabled", p.clipboardReadingEnabled ? .ok : .warning),
            (
                "queued", "\(p.queuedEvents) event\(p.queuedEvents == 1 ? "" : "s")",
                p.queuedEvents > 0 ? .warning : .normal
            ),
        ]
        if let link = state.lastDelivered {
            rows.append(("last link", "\(link.path) (\(state.methodName(of: link)))", .ok))
        }
        if let device = state.attach?.shown {
            rows.insert(
                ("app", "\(device.hello.app) · \(device.hello.sdkPlatform) SDK \(device.hello.sdkVersion)", .normal),
                at: 1)
            rows.append(
                (
                    "status",
                    device.isLive ? "live from \(device.peer)" : "gone: \(device.goneReason ?? "disconnected")",
                    device.isLive ? .ok : .error
                ))
            rows.append(
                (
                    "commands", device.hello.allowsCommands ? "allowed" : "not allowed (allowsCommands: false)",
                    device.hello.allowsCommands ? .normal : .warning
                ))
        } else if let attach = state.attach {
            rows[0] = ("device", "(waiting for an app on \(attach.listenAddress))", .dim)
        }
        drawRows(rows, label: label, in: inner, into: &buffer)
    }

    /// The rows, a label and a value each, as many as fit.
    private static func drawRows(
        _ rows: [(String, String, StyleRole)], label: Int, in inner: Rect, into buffer: inout ScreenBuffer
    ) {
        for (offset, row) in rows.prefix(inner.height).enumerated() {
            let y = inner.y + offset
            buffer.write(" " + row.0, x: inner.x, y: y, maxWidth: label, role: .dim)
            buffer.write(row.1, x: inner.x + label, y: y, maxWidth: inner.width - label - 1, role: row.2)
        }
    }

    /// A reopened HAR's device: what its requests say (the install's id, the address, the User-Agent, the
    /// screen), each fact the file lacks said to be missing, and nothing of a simulated device.
    static func fileRows(_ device: FileDevice) -> [(String, String, StyleRole)] {
        var rows: [(String, String, StyleRole)] = [("source", "the HAR file's requests", .normal)]
        guard !device.isEmpty else {
            rows.append(("", "the file holds no device facts", .warning))
            rows.append(("", "(no trait in a body, no User-Agent,", .dim))
            rows.append(("", " no X-Forwarded-For)", .dim))
            return rows
        }
        func row(_ label: String, _ value: String?) -> (String, String, StyleRole) {
            (label, value ?? missing, value == nil ? .dim : .normal)
        }
        rows.append(row("device", device.deviceId))
        rows.append(row("address", device[.app, .networkAddress]))
        rows.append(row("user agent", device.appUserAgent))
        if let screen = device.screen { rows.append(row("screen", screen)) }
        if let browser = device.browserUserAgent { rows.append(row("browser UA", browser)) }
        return rows
    }

    /// What a pane shows for a fact the reopened file does not hold.
    static let missing = "(not in file)"
}

/// The fingerprint pane: app side and browser side next to each other, differences highlighted.
enum FingerprintPaneView {
    static func draw(_ state: DashboardState, in rect: Rect, focused: Bool, into buffer: inout ScreenBuffer) {
        buffer.box(rect, title: DashboardPane.fingerprint.title, focused: focused)
        let inner = rect.inner
        guard inner.height > 0 else { return }
        let fp = state.fingerprint
        let labelWidth = 13
        let columnWidth = max(4, (inner.width - labelWidth - 1) / 2)
        let appX = inner.x + labelWidth
        let browserX = appX + columnWidth + 1
        buffer.write(" field", x: inner.x, y: inner.y, maxWidth: labelWidth, role: .dim)
        buffer.write("app", x: appX, y: inner.y, maxWidth: columnWidth, role: .title)
        buffer.write("browser", x: browserX, y: inner.y, maxWidth: columnWidth, role: .title)
        let file = state.fileDevice.flatMap { state.attach == nil ? $0 : nil }
        let differing = file.map(Self.differing) ?? fp.differingFields
        for field in FingerprintField.allCases {
            let y = inner.y + 1 + field.rawValue
            guard y < inner.y + inner.height else { break }
            buffer.write(" " + field.label, x: inner.x, y: y, maxWidth: labelWidth, role: .dim)
            for side in FingerprintSide.allCases {
                let x = side == .app ? appX : browserX
                let isCursor = focused && fp.cursorField == field && fp.cursorSide == side
                let role: StyleRole = isCursor ? .selected : differing.contains(field) ? .diff : .normal
                let value = file.map { $0[side, field] ?? "" } ?? fp[side][field]
                let text = value.isEmpty ? (file == nil ? "(empty)" : ProfilePaneView.missing) : value
                if isCursor {
                    buffer.fill(Rect(x: x, y: y, width: columnWidth, height: 1), with: Cell(role: .selected))
                }
                let shown: StyleRole = file != nil && value.isEmpty && !isCursor ? .dim : role
                buffer.write(text, x: x, y: y, maxWidth: columnWidth, role: shown, bold: differing.contains(field))
            }
        }
        let summaryY = inner.y + 1 + FingerprintField.allCases.count
        if let file, summaryY < inner.y + inner.height {
            let text = file.isEmpty ? " the file holds no device facts" : " as the HAR file's requests carry them"
            buffer.write(text, x: inner.x, y: summaryY, maxWidth: inner.width, role: .dim)
        } else if summaryY < inner.y + inner.height {
            let network = fp.sameNetwork ? "same Wi-Fi" : "other Wi-Fi"
            let diff =
                differing.isEmpty
                ? "sides equal" : "\(differing.count) field\(differing.count == 1 ? " differs" : "s differ")"
            buffer.write(
                " \(network) · \(diff)", x: inner.x, y: summaryY, maxWidth: inner.width,
                role: differing.isEmpty ? .ok : .diff)
        }
    }

    /// The fields both sides of a reopened file hold, with different values.
    static func differing(_ device: FileDevice) -> Set<FingerprintField> {
        Set(
            FingerprintField.allCases.filter { field in
                guard let app = device[.app, field], let browser = device[.browser, field] else { return false }
                return app != browser
            })
    }
}

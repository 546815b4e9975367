/// Overlays drawn over the panes: help (from the keymap), text input, fault menu, scenario picker.
package enum OverlayView {
    static func draw(_ state: DashboardState, keymap: Keymap, into buffer: inout ScreenBuffer) {
        switch state.overlay {
        case .none: return
        case .help: drawHelp(keymap, links: state.header.links, into: &buffer)
        case .textInput(.filter(let pane), let text): drawFilterPrompt(pane, text: text, into: &buffer)
        case .textInput(let purpose, let text): drawTextInput(purpose, text: text, into: &buffer)
        case .faultMenu(let selected, let count): drawFaultMenu(selected, count: count, into: &buffer)
        case .scenarioPicker(let selected, let compare):
            drawScenarioPicker(
                state.scenarioNames, expectations: compare ? state.compareExpectations : state.scenarioExpectations,
                skips: compare ? [:] : state.scenarioSkips, serviceName: state.header.provider.displayName,
                selected: selected,
                compare: compare, into: &buffer)
        case .compare, .lab:
            if let panel = state.panels[overlay: state.overlay] {
                panel.draw(state, into: &buffer)
            } else {
                drawStarting(state.overlay == .lab ? "Lab" : "Compare", into: &buffer)
            }
        case .inspector(let id, let scroll): InspectorView.draw(state, requestID: id, scroll: scroll, into: &buffer)
        case .deviceList(let selected): DeviceListView.draw(state, selected: selected, into: &buffer)
        }
    }

    /// A centered box of at most `width` × `height`; returns its inner rectangle.
    package static func panel(title: String, width: Int, height: Int, into buffer: inout ScreenBuffer) -> Rect {
        let w = min(width, buffer.width - 2)
        let h = min(height, buffer.height - 2)
        let rect = Rect(x: (buffer.width - w) / 2, y: max(1, (buffer.height - h) / 2), width: w, height: h)
        buffer.fill(rect, with: Cell(role: .overlay))
        buffer.box(rect, title: title, focused: true)
        return rect.inner
    }

    /// Help lines: bindings with the same command or the same description share a line (`↑ k  move up…`,
    /// `[ ]  session: one entry back · fwd`), in table order.
    static func helpLines(_ keymap: Keymap) -> [(keys: String, description: String)] {
        var lines: [(keys: String, description: String, command: DashboardCommand)] = []
        for binding in keymap.bindings {
            if let index = lines.firstIndex(where: {
                $0.command == binding.command || $0.description == binding.description
            }) {
                lines[index].keys += " " + binding.key.label
            } else {
                lines.append((binding.key.label, binding.description, binding.command))
            }
        }
        return lines.map { ($0.keys, $0.description) }
    }

    /// The help's last lines: the links in use by role (`main  https://…`), or how to give one.
    static func linkLines(_ links: [LinkRole: String]) -> [(keys: String, description: String)] {
        guard !links.isEmpty else { return [("links", "none: give your short link with --link URL")] }
        return links.keys.sorted().enumerated().map { index, role in
            (index == 0 ? "links" : "", "\(role.rawValue)  \(links[role]!)")
        }
    }

    static func drawHelp(_ keymap: Keymap, links: [LinkRole: String] = [:], into buffer: inout ScreenBuffer) {
        let lines = helpLines(keymap)
        let links = linkLines(links)
        let available = buffer.height - 4 - links.count - 1
        let columns = lines.count + 1 <= available ? 1 : 2
        let perColumn = (lines.count + columns - 1) / columns
        let keyWidth = 7
        let columnWidth = columns == 1 ? 40 : min(40, (buffer.width - 6) / 2)
        // The links span the whole width under the keys (a blank row between): their URLs are long.
        let widest = links.map { keyWidth + $0.description.count + 2 }.max() ?? 0
        let inner = panel(
            title: "Help · any key closes", width: max(columnWidth * columns, widest) + 3,
            height: perColumn + links.count + 3, into: &buffer)
        for (index, line) in lines.enumerated() {
            let column = index / perColumn
            let row = index % perColumn
            let x = inner.x + 1 + column * columnWidth
            let y = inner.y + row
            guard y < inner.y + inner.height else { continue }
            buffer.write(line.keys, x: x, y: y, maxWidth: keyWidth - 1, role: .footerKey, bold: true)
            buffer.write(
                line.description, x: x + keyWidth, y: y,
                maxWidth: min(columnWidth - keyWidth - 1, inner.x + inner.width - x - keyWidth),
                role: .overlay)
        }
        for (index, line) in links.enumerated() {
            let y = inner.y + perColumn + 1 + index
            guard y < inner.y + inner.height else { continue }
            buffer.write(line.keys, x: inner.x + 1, y: y, maxWidth: keyWidth - 1, role: .footerKey, bold: true)
            buffer.write(
                line.description, x: inner.x + 1 + keyWidth, y: y, maxWidth: inner.width - keyWidth - 2,
                role: .overlay)
        }
    }

    /// A tool's overlay opened before the run's first update made its panel: says it is starting.
    static func drawStarting(_ tool: String, into buffer: inout ScreenBuffer) {
        let inner = panel(title: "\(tool) · starting", width: 50, height: 3, into: &buffer)
        buffer.write(
            "waiting for the run's first update…", x: inner.x + 1, y: inner.y, maxWidth: inner.width - 2, role: .dim)
    }

    static func drawTextInput(_ purpose: TextInputPurpose, text: String, into buffer: inout ScreenBuffer) {
        let title: String =
            switch purpose {
            case .fingerprint(let side, let field): "Edit \(side.title) \(field.label)"
            case .identity: "Set identity (external id)"
            case .filter(let pane): "Filter \(pane.title)"
            }
        let inner = panel(title: title, width: 50, height: 5, into: &buffer)
        let visible = String(text.suffix(max(1, inner.width - 4)))
        let x =
            inner.x + 1 + buffer.write(visible, x: inner.x + 1, y: inner.y, maxWidth: inner.width - 3, role: .overlay)
        buffer.write("▏", x: x, y: inner.y, role: .selected)
        buffer.write(
            "Enter save · Esc cancel · Bksp delete", x: inner.x + 1, y: inner.y + 2, maxWidth: inner.width - 2,
            role: .dim)
    }

    /// The `/` prompt, in place of the footer (as a pager's): `filter log /text▏` and the keys on the right.
    static func drawFilterPrompt(_ pane: DashboardPane, text: String, into buffer: inout ScreenBuffer) {
        let row = buffer.height - 1
        buffer.fill(Rect(x: 0, y: row, width: buffer.width, height: 1), with: Cell(role: .overlay))
        let hint = " Enter filters · Esc clears "
        var x = buffer.write(
            " filter \(pane == .matches ? "match attempts" : "log") ", x: 0, y: row, role: .footerKey, bold: true)
        let room = max(4, buffer.width - x - hint.count - 2)
        let visible = "/" + String(text.suffix(room - 2))
        x += buffer.write(visible, x: x, y: row, maxWidth: room, role: .overlay, bold: true)
        buffer.write("▏", x: x, y: row, role: .selected)
        if buffer.width - hint.count > x + 1 { buffer.write(hint, x: buffer.width - hint.count, y: row, role: .dim) }
    }

    /// The fault menu (`f`): the faults, the selected one, how many requests it takes.
    package static func drawFaultMenu(_ selected: FaultKind, count: Int, into buffer: inout ScreenBuffer) {
        let inner = panel(title: "Inject a fault", width: 50, height: FaultKind.allCases.count + 6, into: &buffer)
        for kind in FaultKind.allCases {
            let y = inner.y + kind.rawValue
            let isSelected = kind == selected
            if isSelected {
                buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), with: Cell(role: .selected))
            }
            buffer.write(
                (isSelected ? " › " : "   ") + kind.label, x: inner.x, y: y, maxWidth: inner.width,
                role: isSelected ? .selected : .overlay)
        }
        let y = inner.y + FaultKind.allCases.count + 1
        buffer.write(
            " for the next \(count) request\(count == 1 ? "" : "s")  (+/− or 1-9)", x: inner.x, y: y,
            maxWidth: inner.width, role: .overlay, bold: true)
        buffer.write(" ↑↓ choose · Enter inject · Esc cancel", x: inner.x, y: y + 1, maxWidth: inner.width, role: .dim)
    }

    /// Rows of the selected scenario's detail (its whole expectation, wrapped) under the picker's list.
    static let pickerDetailRows = 3

    /// The picker: a row per scenario with its expectation beside the name (cut to fit), and under the list
    /// the selected one's whole expectation. As wide as the screen allows (at most 116 columns).
    static func drawScenarioPicker(
        _ names: [String], expectations: [String: String], skips: [String: String] = [:],
        serviceName: String = "", selected: Int, compare: Bool = false,
        into buffer: inout ScreenBuffer
    ) {
        // Inside: the list, a rule with the selected name, the detail rows, a blank row and the key hint.
        let chrome = 2 + 1 + pickerDetailRows + 2
        let rows = max(1, min(names.count, buffer.height - 2 - chrome))
        let title =
            compare ? "Compare a scenario across OptoLink, QubeRoute, Deep Blue and AppsFlyer" : "Run a scenario"
        let inner = panel(title: title, width: 116, height: rows + chrome, into: &buffer)
        guard !names.isEmpty else {
            buffer.write(" no scenarios available", x: inner.x, y: inner.y, maxWidth: inner.width, role: .dim)
            buffer.write(" Esc close", x: inner.x, y: inner.y + 1, maxWidth: inner.width, role: .dim)
            return
        }
        let nameWidth = min(names.map(\.count).max() ?? 0, max(8, inner.width / 2 - 4))
        let first = max(0, min(selected - rows + 1, names.count - rows))
        for (offset, name) in names.dropFirst(first).prefix(rows).enumerated() {
            let index = first + offset
            let y = inner.y + offset
            let isSelected = index == selected
            if isSelected {
                buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), with: Cell(role: .selected))
            }
            buffer.write(
                (isSelected ? " › " : "   ") + name, x: inner.x, y: y, maxWidth: 3 + nameWidth,
                role: isSelected ? .selected : .overlay,
                bold: isSelected)
            let x = inner.x + 3 + nameWidth + 2
            buffer.write(
                skips[name].map { "SKIP: " + $0 } ?? expectations[name] ?? "", x: x, y: y,
                maxWidth: inner.x + inner.width - x - 1, role: isSelected ? .selected : .dim)
        }
        let rule = inner.y + rows
        let name = names.indices.contains(selected) ? names[selected] : ""
        let heading = " ── \(name) "
        buffer.write(
            heading + String(repeating: "─", count: max(0, inner.width - heading.count)), x: inner.x, y: rule,
            maxWidth: inner.width, role: .border)
        // A scenario the selected service cannot serve says so instead of an expectation it would not check.
        let about =
            skips[name].map { "SKIP under \(serviceName): " + $0 } ?? "expects " + (expectations[name] ?? "-")
        let detail = WordWrap.fit([about], width: inner.width - 2, rows: pickerDetailRows)
        for (offset, line) in detail.enumerated() {
            buffer.write(line, x: inner.x + 1, y: rule + 1 + offset, maxWidth: inner.width - 2, role: .overlay)
        }
        buffer.write(
            compare
                ? " ↑↓ choose · Enter run against every service · Esc cancel" : " ↑↓ choose · Enter run · Esc cancel",
            x: inner.x, y: inner.y + inner.height - 1, maxWidth: inner.width,
            role: .dim)
    }
}

import OptoLinkToolSupport

/// The retry timeline as a waterfall (as in a browser's network panel): one request per row, its attempts and
/// backoff waits as bars on one time scale, the axis on top, the selected row's whole story at the bottom.
///
/// ```
/// ╭ Retry timeline (2) · 1 col = 63ms ─────────────────────────────────────────────╮
/// │ at 00:07.0     ┬0        ┬1s       ┬2s       ┬3s                               │
/// │ #1 match       ▌✔ 200 in 4ms                                                   │
/// │›#2 match       ▌━━━━━━━━━━━━━━━━▌━━━━━━━━━━━━━━━━━━━┄┄┄┄┄┄┄┄┄┄┄┄ wait 0.8s (of 2.0s)│
/// │ #2 match: 503 2ms ▸ wait 1.0s ▸ 503 8ms ▸ wait 0.8s left of 2.0s · Enter inspects │
/// ```
/// See ``TimelineWaterfall`` (rows, scale, left edge) and ``WaterfallRow`` (bars, waits, outcome mark).
enum TimelinePaneView {
    static func draw(_ state: DashboardState, in rect: Rect, focused: Bool, into buffer: inout ScreenBuffer) {
        let inner = rect.inner
        let waterfall = TimelineWaterfall.compute(state, inner: inner)
        var title = "\(DashboardPane.timeline.title) (\(state.timeline.count))"
        if let waterfall {
            title += " · 1 col = \(formatDuration(waterfall.secondsPerColumn))"
            if !state.timelineView.isFollowing { title += " · 0 follows" }
        }
        buffer.box(rect, title: title, focused: focused)
        guard inner.height > 1 else { return }
        guard let waterfall else {
            let text = state.timeline.isEmpty ? " no requests yet" : " too small for the timeline"
            buffer.write(text, x: inner.x, y: inner.y, maxWidth: inner.width, role: .dim)
            return
        }
        let stripX = inner.x + TimelineWaterfall.labelWidth
        drawAxis(waterfall, x: stripX, y: inner.y, state: state, labelX: inner.x, into: &buffer)
        for (offset, row) in waterfall.rows.enumerated() {
            let y = inner.y + 1 + offset
            let isSelected = waterfall.firstIndex + offset == waterfall.selectedIndex
            let label = (isSelected ? "›" : " ") + row.title
            buffer.write(
                label, x: inner.x, y: y, maxWidth: TimelineWaterfall.labelWidth - 1,
                role: isSelected && focused ? .selected : .normal, bold: isSelected)
            drawRow(row, now: state.now, waterfall: waterfall, x: stripX, y: y, into: &buffer)
        }
        if waterfall.hasDetailLine {
            let row = state.timeline[waterfall.selectedIndex]
            let y = inner.y + inner.height - 1
            let hint = focused ? " · Enter inspects" : ""
            buffer.write(
                " " + TimelineText.detail(row, now: state.now) + hint, x: inner.x, y: y, maxWidth: inner.width,
                role: .dim)
        }
    }

    /// Draws one row's marks clipped to the strip (`◂`/`▸` where it runs out of view), then its summary
    /// after the outcome when there is room for it.
    static func drawRow(
        _ row: TimelineRow, now: Double, waterfall: TimelineWaterfall, x: Int, y: Int, into buffer: inout ScreenBuffer
    ) {
        let width = waterfall.stripWidth
        let layout = WaterfallRow(row, now: now, in: waterfall)
        var clippedLeft = false
        var clippedRight = false
        for mark in layout.marks {
            if mark.column < 0 {
                clippedLeft = true
                continue
            }
            if mark.column >= width {
                clippedRight = true
                continue
            }
            buffer[x + mark.column, y] = Cell(character: mark.character, role: mark.role)
        }
        if clippedLeft { buffer[x, y] = Cell(character: "◂", role: .dim) }
        if clippedRight { buffer[x + width - 1, y] = Cell(character: "▸", role: .dim) }
        let textStart = max(0, layout.end + 1)
        let room = width - textStart
        let summary = TimelineText.summary(row, now: now)
        if !clippedRight, room >= min(12, summary.text.count) {
            buffer.write(summary.text, x: x + textStart, y: y, maxWidth: room, role: summary.role)
        }
    }

    /// The axis: `┬` ticks at a step that keeps labels apart, labelled from the strip's left edge; the
    /// label column names the clock time of that edge (as the log shows times).
    static func drawAxis(
        _ waterfall: TimelineWaterfall, x: Int, y: Int, state: DashboardState, labelX: Int,
        into buffer: inout ScreenBuffer
    ) {
        buffer.write(
            " at " + LogPaneView.clockLabel(waterfall.viewStart, origin: state.origin), x: labelX, y: y,
            maxWidth: TimelineWaterfall.labelWidth - 1, role: .dim)
        let width = waterfall.stripWidth
        for column in 0..<width { buffer[x + column, y] = Cell(character: "─", role: .dim) }
        let step = TimelineText.step(secondsPerColumn: waterfall.secondsPerColumn)
        var index = 0
        while true {
            let t = Double(index) * step
            let column = FileNumber.saturating(t / waterfall.secondsPerColumn)
            guard column < width - 1 else { break }
            buffer[x + column, y] = Cell(character: "┬", role: .dim)
            let label = TimelineText.axisLabel(t, step: step)
            if column + 1 + label.count < width { buffer.write(label, x: x + column + 1, y: y, role: .dim) }
            index += 1
        }
    }
}

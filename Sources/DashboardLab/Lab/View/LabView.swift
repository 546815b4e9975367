import DashboardCore
import DashboardScenarios
import OptoLink

/// The Lab view (`L`): the run's progress bar (installs per second, time left), the five classes of every
/// service side by side with precision and recall, the shown service's threshold curves, and a list of its
/// installs (the wrong ones first) that Enter explains in the breakdown pane.
///
/// ```
/// ╭─▶ Lab default · done · Esc closes · L runs again ──────────────────────────────╮
/// │ 5 000 installs (1 000 organic) · 10 000 clicks · 4.2 s                          │
/// │                     ▸OptoLink◂       QubeRoute       Deep Blue       AppsFlyer  │
/// │ correct            3 210  64.2%    2 980  59.6% …                               │
/// │ …                                                                               │
/// │ precision by threshold ⠤ guard 3     │ installs of OptoLink (wrong first)       │
/// ```
///
/// A pure function of the state; the curves are ``LabReportPrinter/chart(_:title:metric:mark:width:height:)``'s
/// lines, the report's own drawing.
enum LabView {
    /// Columns of the class table's labels.
    private static let labelWidth = 17

    static func draw(_ state: DashboardState, into buffer: inout ScreenBuffer) {
        let lab = state.lab
        let inner = OverlayView.panel(
            title: title(lab), width: buffer.width - 2, height: buffer.height - 2, into: &buffer)
        guard inner.width > 30, inner.height > 8 else { return }
        // Under 30 rows the blank rows between the parts go: the curve needs them more.
        let gap = inner.height >= 30 ? 1 : 0
        let hintRow = inner.y + inner.height - 1
        buffer.write(hint(lab), x: inner.x + 1, y: hintRow, maxWidth: inner.width - 2, role: .dim)
        var y = inner.y
        if lab.phase == .finished, let service = lab.shownService, let result = lab.result {
            // What the run means first, in words; then what it covered.
            for line in WordWrap.fit([service.meaning], width: inner.width - 2, rows: 2) {
                buffer.write(line, x: inner.x + 1, y: y, maxWidth: inner.width - 2, role: .normal, bold: true)
                y += 1
            }
            buffer.write(
                summary(result) + " · ? terms", x: inner.x + 1, y: y, maxWidth: inner.width - 2,
                role: .dim)
        } else {
            let status = statusLine(lab)
            buffer.write(status.text, x: inner.x + 1, y: y, maxWidth: inner.width - 2, role: status.role)
        }
        y += 1 + gap
        if lab.showsTerms {
            drawTerms(in: Rect(x: inner.x + 1, y: y, width: inner.width - 2, height: hintRow - y), into: &buffer)
            return
        }
        if let live = lab.liveClasses {
            y = drawClasses(live, selected: nil, in: inner, top: y, into: &buffer) + gap
            let about =
                "So far, as the installs are decided; the threshold curves and the installs show when the run finishes."
            for (offset, line) in WordWrap.fit([about], width: inner.width - 2, rows: 2).enumerated()
            where y + offset < hintRow {
                buffer.write(line, x: inner.x + 1, y: y + offset, maxWidth: inner.width - 2, role: .dim)
            }
            return
        }
        guard let result = lab.result else {
            let about =
                "The five classes of each service, the threshold curves and the installs show when the run finishes."
            for (offset, line) in WordWrap.fit([about], width: inner.width - 2, rows: 2).enumerated() {
                buffer.write(line, x: inner.x + 1, y: y + offset, maxWidth: inner.width - 2, role: .dim)
            }
            return
        }
        y =
            drawClasses(
                result.services.map { ($0.service, $0.counts) }, selected: lab.selectedService, in: inner, top: y,
                into: &buffer) + gap
        guard let service = lab.shownService, y < hintRow - 4 else { return }
        let bottom = Rect(x: inner.x, y: y, width: inner.width, height: hintRow - gap - y)

        // The list gets what its widest row needs, up to five ninths; the curves the rest.
        let chartWidth = bottom.width - 3 - min(64, bottom.width * 5 / 9)
        drawCurves(
            service, maxWrong: result.maxWrong,
            in: Rect(x: bottom.x + 1, y: bottom.y, width: chartWidth, height: bottom.height), into: &buffer)
        let listX = bottom.x + 2 + chartWidth
        drawInstalls(
            service, selected: lab.selectedInstall,
            in: Rect(x: listX, y: bottom.y, width: bottom.x + bottom.width - listX - 1, height: bottom.height),
            into: &buffer)
    }

    /// `Lab default · running · Esc stops`, `Lab cgnat · done · Esc closes · L runs again`.
    static func title(_ lab: LabViewState) -> String {
        let name = "Lab " + (lab.lab ?? "default")
        switch lab.phase {
        case .idle: return name + " · L runs it · Esc closes"
        case .running: return name + " · running · Esc stops"
        case .finished: return name + " · done · Esc closes · L runs again"
        case .failed: return name + " · failed · Esc closes · L runs again"
        case .stopped: return name + " · stopped · Esc closes · L runs again"
        }
    }

    /// The first row: the progress bar while running, else what the result covers or what went wrong.
    static func statusLine(_ lab: LabViewState) -> (text: String, role: StyleRole) {
        let covering = lab.result.map(summary) ?? ""
        switch lab.phase {
        case .idle:
            return ("L runs the lab: labs/default.lab if there is one here, else the built-in defaults", .dim)
        case .running(let progress):
            let bar = progress.total == 0 ? "drawing the population…" : progress.statusLine
            let below = lab.result == nil || lab.liveClasses != nil ? "" : "   (below: the last run)"
            return (bar + below, .running)
        case .finished:
            return (covering, .normal)
        case .failed(let message):
            return ("failed: " + message, .error)
        case .stopped:
            return ("stopped before it finished" + (lab.result == nil ? "" : "   (below: the last run)"), .warning)
        }
    }

    /// `5 000 installs (1 000 organic) · 10 000 clicks · 4.2 s`.
    static func summary(_ result: LabViewResult) -> String {
        "\(LabValue.grouped(result.installs)) installs (\(LabValue.grouped(result.organic)) organic) · "
            + "\(LabValue.grouped(result.clicks)) clicks · \(formatSeconds(result.seconds))"
    }

    /// The keys the view takes, on its last row.
    static func hint(_ lab: LabViewState) -> String {
        if lab.showsTerms { return "? back to the curves and installs · ←→ service · L runs again · Esc closes" }
        return lab.isRunning
            ? "Esc stops the run · ↑↓ install · ←→ service · Enter breakdown (the last run's) · ? terms"
            : "↑↓ install · ←→ service · Enter breakdown · ? terms · L runs again · Esc closes"
    }

    /// What the view's words mean (``LabGlossary``), as many as fit.
    private static func drawTerms(in rect: Rect, into buffer: inout ScreenBuffer) {
        buffer.write("What the words mean", x: rect.x, y: rect.y, maxWidth: rect.width, role: .title, bold: true)
        for (offset, line) in LabGlossary.lines(width: rect.width).prefix(max(0, rect.height - 1)).enumerated() {
            buffer.write(line, x: rect.x, y: rect.y + 1 + offset, maxWidth: rect.width, role: .normal)
        }
    }

    /// The services side by side: each class's count and share, precision, recall; `selected` is the shown
    /// service's column (nil: none, while a run goes). Returns the row under it.
    private static func drawClasses(
        _ services: [(service: OptoLinkService, counts: LabCounts)], selected: Int?, in inner: Rect, top: Int,
        into buffer: inout ScreenBuffer
    ) -> Int {
        let columns = max(1, services.count)
        let columnWidth = min(18, (inner.width - 2 - labelWidth) / columns)
        let x0 = inner.x + 1 + labelWidth
        for (index, service) in services.enumerated() {
            let name = CompareColumn.title(service.service)
            let isSelected = index == selected
            let text = LabReportPrinter.lpad(isSelected ? "▸" + name + "◂" : name, columnWidth - 1)
            buffer.write(
                text, x: x0 + index * columnWidth, y: top, maxWidth: columnWidth - 1,
                role: isSelected ? .selected : .title, bold: true)
        }
        var rows: [(label: String, cells: [String], role: StyleRole)] = LabOutcomeClass.allCases.map { outcome in
            (
                outcome.label,
                services.map { service in
                    LabValue.grouped(service.counts[outcome]) + " "
                        + LabReportPrinter.lpad(
                            LabReportPrinter.share(service.counts[outcome], of: service.counts.installs), 6)
                }, outcome == .wrongClick || outcome == .falseMatch ? .warning : .normal
            )
        }
        rows.append(("precision", services.map { LabReportPrinter.percent($0.counts.precision) }, .ok))
        rows.append(("recall", services.map { LabReportPrinter.percent($0.counts.recall) }, .ok))
        for (offset, row) in rows.enumerated() {
            let y = top + 1 + offset
            buffer.write(row.label, x: inner.x + 1, y: y, maxWidth: labelWidth - 1, role: .dim)
            for (index, cell) in row.cells.enumerated() {
                buffer.write(
                    LabReportPrinter.lpad(cell, columnWidth - 1), x: x0 + index * columnWidth, y: y,
                    maxWidth: columnWidth - 1, role: row.role)
            }
        }
        return top + 1 + rows.count
    }

    /// The shown service's precision and recall against the threshold (one curve per guard size); recall
    /// under precision when there is room for both, else precision alone.
    private static func drawCurves(
        _ service: LabViewResult.ServiceResult, maxWrong: Double?, in rect: Rect, into buffer: inout ScreenBuffer
    ) {
        guard let sweep = service.sweep else {
            buffer.write(
                "no threshold sweep in this run", x: rect.x, y: rect.y, maxWidth: rect.width, role: .dim)
            return
        }
        let target = maxWrong.flatMap { sweep.threshold(maxWrong: $0) }
        let mark: (Double, String) =
            target.map { (Double($0.threshold), "max-wrong \(LabValue.percent(maxWrong!))") }
            ?? (Double(service.threshold), "backend \(service.threshold)")
        // A chart is its title, its plot rows, the axis, its labels and the mark's line.
        let both = rect.height >= 2 * (4 + 5)
        let charts =
            both
            ? [("precision", \LabCounts.precision), ("recall", \LabCounts.recall)]
            : [("precision", \LabCounts.precision)]
        let each = both ? (rect.height + 1) / 2 : rect.height
        for (index, (title, metric)) in charts.enumerated() {
            let lines = LabReportPrinter.chart(
                sweep, title: title, metric: metric, mark: mark, width: rect.width, height: max(2, each - 5))
            let top = rect.y + index * each
            for (offset, line) in lines.enumerated() where offset < each - (both ? 1 : 0) {
                buffer.write(
                    line, x: rect.x, y: top + offset, maxWidth: rect.width, role: offset == 0 ? .title : .normal)
            }
        }
    }

    /// The shown service's sampled installs, a row each, the selected one highlighted and kept in view.
    private static func drawInstalls(
        _ service: LabViewResult.ServiceResult, selected: Int, in rect: Rect, into buffer: inout ScreenBuffer
    ) {
        guard rect.width > 10, rect.height > 2 else { return }
        buffer.write(
            "installs of \(CompareColumn.title(service.service)): \(service.installs.count) shown, the "
                + "wrong ones first",
            x: rect.x, y: rect.y, maxWidth: rect.width, role: .title)
        buffer.write(
            LabReportPrinter.pad("device", 7) + LabReportPrinter.pad("class", 17)
                + "click    matched by  network  delay",
            x: rect.x, y: rect.y + 1, maxWidth: rect.width, role: .dim)
        let rows = rect.height - 2
        guard !service.installs.isEmpty else {
            buffer.write("no installs", x: rect.x, y: rect.y + 2, maxWidth: rect.width, role: .dim)
            return
        }
        let first = max(0, min(selected - rows / 2, service.installs.count - rows))
        for (offset, row) in service.installs.dropFirst(first).prefix(rows).enumerated() {
            let y = rect.y + 2 + offset
            let isSelected = first + offset == selected
            if isSelected {
                buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), with: Cell(role: .selected))
            }
            buffer.write(
                line(row), x: rect.x, y: y, maxWidth: rect.width,
                role: isSelected
                    ? .selected : row.outcome == .wrongClick || row.outcome == .falseMatch ? .warning : .normal)
        }
    }

    /// `   412 wrong click      → 398    scored 71   cellular 1–6 h`: the device, its class and the click it was
    /// matched to first (they fit a narrow list), then how, its network and its delay.
    static func line(_ row: LabInstallRow) -> String {
        let method = row.method == .none ? "—" : row.method.key + (row.score.map { " \($0)" } ?? "")
        let click = row.matchedClick.map { $0 == row.device ? "its own" : "→ \($0)" } ?? "—"
        return LabReportPrinter.lpad("\(row.device)", 6) + " " + LabReportPrinter.pad(row.outcome.label, 17)
            + LabReportPrinter.pad(click, 9) + LabReportPrinter.pad(method, 12)
            + LabReportPrinter.pad(row.network.rawValue, 9)
            + (row.delay == nil ? "" : LabDelayBucket(delay: row.delay).rawValue)
    }
}

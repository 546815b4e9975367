import DashboardCore
import DashboardProxy

/// The compare overlay (`C`): one column per service with the rows of ``CompareTable``, live while the
/// runs go (the step each is in, the wait in progress counting down), then why a column failed or skipped.
///
/// ```
/// ╭─▶ Compare flaky-server · running 2/4 · Esc closes ─────────────────────────────╮
/// │                OptoLink        QubeRoute          Deep Blue         AppsFlyer   │
/// │ outcome        PASS            ▸ first launch     PASS              waiting     │
/// │ …                                                                               │
/// ```
enum CompareView {
    static func draw(_ compare: CompareState, now: Double, into buffer: inout ScreenBuffer) {
        let verdicts = CompareTable.verdictLines(compare)
        let inner = OverlayView.panel(
            title: title(compare), width: buffer.width - 2,
            height: CompareTable.labels.count + 4 + min(verdicts.count * 2, 8),
            into: &buffer)
        guard inner.width > 20, inner.height > 2 else { return }
        let labelWidth = min(14, inner.width / 5)
        let columnWidth = max(4, (inner.width - 1 - labelWidth) / max(1, compare.columns.count))
        let rows = CompareTable.rows(compare, now: now, cellWidth: columnWidth - 1)
        let x0 = inner.x + 1 + labelWidth
        for (index, column) in compare.columns.enumerated() {
            buffer.write(
                column.title, x: x0 + index * columnWidth, y: inner.y, maxWidth: columnWidth - 1, role: .title,
                bold: true)
        }
        for (offset, row) in rows.enumerated() {
            let y = inner.y + 1 + offset
            guard y < inner.y + inner.height else { return }
            buffer.write(row.label, x: inner.x + 1, y: y, maxWidth: labelWidth - 1, role: .dim)
            for (index, cell) in row.cells.enumerated() {
                buffer.write(
                    CompareTable.fit(cell.text, columnWidth - 1), x: x0 + index * columnWidth, y: y,
                    maxWidth: columnWidth - 1, role: cell.role, bold: row.label == "outcome" && cell.role != .dim)
            }
        }
        var y = inner.y + 2 + rows.count
        for line in verdicts {
            for part in WordWrap.fit([line], width: inner.width - 2, rows: 2) {
                guard y < inner.y + inner.height else { return }
                buffer.write(part, x: inner.x + 1, y: y, maxWidth: inner.width - 2, role: .normal)
                y += 1
            }
        }
    }

    /// `Compare flaky-server · running 2/4 · Esc closes` / `… · done: 1 failed`.
    static func title(_ compare: CompareState) -> String {
        let finished = compare.columns.filter {
            if case .finished = $0.status { return true }
            return false
        }.count
        let status =
            compare.isOver
            ? (compare.failed == 0 ? "done" : "done: \(compare.failed) failed")
            : "running \(compare.columns.count - finished)/\(compare.columns.count)"
        return "Compare \(compare.scenario) · \(status) · Esc closes · C another"
    }
}

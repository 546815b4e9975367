/// The scenario pane: the running (or last) scenario's steps as a checklist that ticks as they pass, and
/// under it what it expects (while it runs) or its verdict, expected versus observed (once it ended).
///
/// ```
/// ╭─▶ Scenario flaky-server · running 3/7 ────╮
/// │ ✔ click from another network             │
/// │ ✔ fault: /match answers 503 twice        │
/// │ ▸ first launch                           │
/// │ · /match → 503, 503, 200                 │
/// │ …                                        │
/// │                                          │
/// │ expects /match answers 503 twice then    │
/// │ succeeds: waits base then 2×base …       │
/// ```
/// When the rows run short the steps come first (a window around the running or failed one), then the
/// text: the whole verdict if it fits, else only what was observed, cut with `…`.
enum ScenarioPaneView {
    static func draw(_ state: DashboardState, in rect: Rect, focused: Bool, into buffer: inout ScreenBuffer) {
        guard let checklist = state.scenarioChecklist else {
            buffer.box(rect, title: DashboardPane.scenario.title, focused: focused)
            return
        }
        buffer.box(rect, title: title(checklist, width: rect.width - 4 - (focused ? 3 : 2)), focused: focused)
        let inner = rect.inner
        guard inner.height > 0, inner.width > 4 else { return }
        let steps = checklist.steps
        let stepRows = min(steps.count, max(0, inner.height - 1))
        let first = window(steps, rows: stepRows)
        for (offset, step) in steps.dropFirst(first).prefix(stepRows).enumerated() {
            drawStep(step, x: inner.x, y: inner.y + offset, width: inner.width, into: &buffer)
        }
        let left = inner.height - stepRows
        let gap = stepRows > 0 && left >= 3 ? 1 : 0
        let (candidates, role) = text(checklist)
        let lines = WordWrap.fit(candidates, width: inner.width - 2, rows: left - gap)
        let top = inner.y + stepRows + gap
        for (offset, line) in lines.enumerated() {
            buffer.write(
                line, x: inner.x + 1, y: top + offset, maxWidth: inner.width - 2,
                role: checklist.result == nil ? .dim : .normal)
        }
        if let result = checklist.result, !lines.isEmpty, lines[0].hasPrefix(result.verdict.rawValue) {
            buffer.paint(
                Rect(x: inner.x + 1, y: top, width: result.verdict.rawValue.count, height: 1), role: role, bold: true)
        }
    }

    /// `Scenario flaky-server · running 3/7` in `width` columns: without `Scenario` when narrow, then with the
    /// name cut, so the status always shows.
    static func title(_ checklist: ScenarioChecklist, width: Int) -> String {
        let status = status(checklist)
        let full = "\(DashboardPane.scenario.title) \(checklist.name) · \(status)"
        if full.count <= width { return full }
        if checklist.name.count + 3 + status.count <= width { return "\(checklist.name) · \(status)" }
        return String(checklist.name.prefix(max(1, width - status.count - 4))) + "… · " + status
    }

    /// `running 3/7` (steps passed of all), `PASS 7/7`, `FAIL at 4/7` (the failed step's number), `SKIP`.
    static func status(_ checklist: ScenarioChecklist) -> String {
        let total = checklist.steps.count
        guard let result = checklist.result else {
            return total > 0 ? "running \(checklist.passedCount)/\(total)" : "running…"
        }
        switch result.verdict {
        case .passed: return total > 0 ? "PASS \(checklist.passedCount)/\(total)" : "PASS"
        case .failed: return result.failedStep.map { "FAIL at \($0.number)/\(total)" } ?? "FAIL"
        case .skipped: return "SKIP"
        }
    }

    /// The text under the steps, longest first (``WordWrap/fit(_:width:rows:)`` takes the first that fits),
    /// and the verdict's colour.
    static func text(_ checklist: ScenarioChecklist) -> ([String], StyleRole) {
        guard let result = checklist.result else {
            return (checklist.expectation.isEmpty ? [] : ["expects " + checklist.expectation], .dim)
        }
        let role: StyleRole =
            switch result.verdict {
            case .passed: .ok
            case .failed: .error
            case .skipped: .warning
            }
        return ([result.verdictLine, result.shortVerdictLine], role)
    }

    /// The first step shown when only `rows` fit: the window ends at the running or failed step (or the
    /// last that passed), so what happens now is on screen.
    static func window(_ steps: [ScenarioStep], rows: Int) -> Int {
        guard steps.count > rows, rows > 0 else { return 0 }
        let current = steps.lastIndex { $0.status != .pending } ?? 0
        return max(0, min(current - rows + 1 + (current + 1 < steps.count ? 1 : 0), steps.count - rows))
    }

    static func drawStep(_ step: ScenarioStep, x: Int, y: Int, width: Int, into buffer: inout ScreenBuffer) {
        let (markRole, nameRole, bold): (StyleRole, StyleRole, Bool) =
            switch step.status {
            case .pending: (.dim, .dim, false)
            case .running: (.running, .normal, true)
            case .passed: (.ok, .normal, false)
            case .failed: (.error, .error, true)
            case .unchecked: (.dim, .normal, false)
            }
        buffer.write(" \(step.mark) ", x: x, y: y, role: markRole, bold: bold)
        buffer.write(step.name, x: x + 3, y: y, maxWidth: width - 4, role: nameRole, bold: bold)
    }
}

import OptoLinkToolSupport

/// The match attempts pane: the list (newest first; the rows the `/` filter shows) and the selected
/// attempt's breakdown.
package enum MatchesPaneView {
    static func draw(
        _ state: DashboardState, in rect: Rect, focused: Bool, keymap: Keymap, into buffer: inout ScreenBuffer
    ) {
        let count = state.matchAttempts.count
        let visible = state.visibleAttemptIndices
        let filtered = !state.matchesFilter.isEmpty
        let title =
            "\(DashboardPane.matches.title) (\(filtered ? "\(visible.count) of " : "")\(count))"
            + (filtered ? " · /\(state.matchesFilter)" : "")
        buffer.box(rect, title: title, focused: focused)
        let inner = rect.inner
        guard inner.height > 1 else { return }
        if count > 0, visible.isEmpty {
            buffer.write(
                " no match attempt matches /\(state.matchesFilter) · Esc clears", x: inner.x, y: inner.y,
                maxWidth: inner.width, role: .dim)
            return
        }
        guard count > 0 else {
            var hint = " no match attempts yet"
            if let install = keymap.keyLabel(for: .installAndLaunch) {
                hint += ": press \(install) (install + first launch)"
                if let click = keymap.keyLabel(for: .clickLink) { hint += " or \(click) then \(install)" }
            }
            buffer.write(hint, x: inner.x, y: inner.y, maxWidth: inner.width, role: .dim)
            return
        }
        let selected = state.selectedMatchAttempt
        let listHeight = listHeight(state, inner: inner, visible: visible.count)
        drawList(
            state, visible: visible, Rect(x: inner.x, y: inner.y, width: inner.width, height: listHeight),
            focused: focused, into: &buffer)
        if state.breakdownOpen, let selected {
            let rest = Rect(x: inner.x, y: inner.y + listHeight, width: inner.width, height: inner.height - listHeight)
            let winner = selected.winner.map { state.methodName(ofEngine: $0.method) }
            drawBreakdown(selected, winnerName: winner ?? "", origin: state.origin, in: rest, into: &buffer)
        }
    }

    /// The attempt's time as its row shows it, relative to `origin` (the dashboard's start).
    package static func timeLabel(_ attempt: MatchAttempt, origin: Double?) -> String {
        if let at = attempt.at {
            // ISO-8601 "2026-11-30T05:01:02.345Z" → "05:01:02"
            let characters = Array(at)
            if let t = characters.firstIndex(of: "T"), characters.count >= t + 9 {
                return String(characters[(t + 1)..<(t + 9)])
            }
            return at
        }
        return attempt.time.map { LogPaneView.clockLabel($0, origin: origin) } ?? "-"
    }

    /// Rows of the list (its heading included): a third of the pane when the breakdown shows, else all of it.
    static func listHeight(_ state: DashboardState, inner: Rect, visible: Int? = nil) -> Int {
        let count = visible ?? state.visibleAttemptIndices.count
        return state.breakdownOpen && state.selectedMatchAttempt != nil
            ? min(count + 1, max(2, inner.height / 3)) : inner.height
    }

    /// The position in `visible` of the list's first row: the selected row stays in view.
    static func firstRow(_ state: DashboardState, visible: [Int], rows: Int) -> Int {
        let position = visible.firstIndex(of: state.selectedAttempt) ?? 0
        return max(0, min(position - rows + 1, visible.count - rows))
    }

    static func drawList(
        _ state: DashboardState, visible: [Int], _ rect: Rect, focused: Bool, into buffer: inout ScreenBuffer
    ) {
        let names = visible.map { state.methodName(of: state.matchAttempts[$0]) }
        let widths = columnWidths(rect.width, longestName: names.map(\.count).max() ?? 0)
        let columns = [
            (" time", widths[0]), ("method", widths[1]), ("conf", widths[2]),
            (widths[3] > 5 ? "score" : "pts", widths[3]),
        ]
        var x = rect.x
        for (title, width) in columns {
            buffer.write(title, x: x, y: rect.y, maxWidth: width - 1, role: .dim)
            x += width
        }
        buffer.write("path", x: x, y: rect.y, maxWidth: rect.x + rect.width - x, role: .dim)
        let rows = rect.height - 1
        guard rows > 0 else { return }
        let first = firstRow(state, visible: visible, rows: rows)
        for (offset, index) in visible.dropFirst(first).prefix(rows).enumerated() {
            let attempt = state.matchAttempts[index]
            let name = names[first + offset]
            let y = rect.y + 1 + offset
            let isSelected = index == state.selectedAttempt
            let base: StyleRole = isSelected ? .selected : .normal
            if isSelected {
                buffer.fill(
                    Rect(x: rect.x, y: y, width: rect.width, height: 1), with: Cell(role: .selected, bold: focused))
            }
            var x = rect.x
            let cells: [(String, Int, StyleRole)] = [
                ((isSelected ? "›" : " ") + timeLabel(attempt, origin: state.origin), widths[0], base),
                (name, widths[1], isSelected ? base : attempt.matched ? .ok : .warning),
                (attempt.confidence ?? "-", widths[2], base),
                (attempt.score.map(formatScore) ?? "-", widths[3], base),
            ]
            for (text, width, role) in cells {
                buffer.write(text, x: x, y: y, maxWidth: width - 1, role: role, bold: isSelected && focused)
                x += width
            }
            let path = (attempt.path ?? (attempt.matched ? "?" : "no match")) + (attempt.breakdown == nil ? "" : "  ⊕")
            buffer.write(path, x: x, y: y, maxWidth: rect.x + rect.width - x, role: base, bold: isSelected && focused)
        }
    }

    /// Column widths of time, method, confidence, score (the path takes the rest): narrower under 60 columns.
    /// The method column widens to the longest of the service's names shown (`probabilistic fingerprint`) as
    /// long as the path keeps 16 columns.
    static func columnWidths(_ width: Int, longestName: Int = 0) -> [Int] {
        guard width >= 60 else { return [10, 13, 7, 4] }
        return [10, max(20, min(longestName + 1, width - 10 - 8 - 6 - 16)), 8, 6]
    }

    /// The breakdown of `attempt`, its winner line naming the method as the service does (`winnerName`).
    static func drawBreakdown(
        _ attempt: MatchAttempt, winnerName: String, origin: Double?, in rect: Rect, into buffer: inout ScreenBuffer
    ) {
        guard rect.height > 0 else { return }
        var y = rect.y
        let bottom = rect.y + rect.height
        guard let breakdown = attempt.breakdown else {
            buffer.write(
                " ── breakdown " + String(repeating: "─", count: max(0, rect.width - 14)), x: rect.x, y: y,
                maxWidth: rect.width, role: .border)
            y += 1
            if y < bottom {
                buffer.write(
                    " SDK-side result; the score breakdown comes from the server's /dev/match-attempts",
                    x: rect.x, y: y, maxWidth: rect.width, role: .dim)
            }
            return
        }
        let guardText = breakdown.guardFired ? "guard FIRED" : "guard not fired"
        let title = " ── breakdown · threshold \(breakdown.threshold) · \(guardText) "
        buffer.write(
            title + String(repeating: "─", count: max(0, rect.width - title.count)), x: rect.x, y: y,
            maxWidth: rect.width, role: .border)
        if breakdown.guardFired {
            let start = rect.x + title.count - guardText.count - 1
            buffer.write(guardText, x: start, y: y, maxWidth: rect.x + rect.width - start, role: .error, bold: true)
        }
        y += 1
        for line in attempt.winner?.lines(at: attempt.at, methodName: winnerName) ?? [] where y < bottom {
            let kept = attempt.winner?.matchedAt != nil
            buffer.write(" " + line, x: rect.x, y: y, maxWidth: rect.width, role: kept ? .warning : .ok, bold: true)
            y += 1
        }
        if breakdown.candidates.isEmpty, y < bottom {
            buffer.write(" no candidate clicks in the window", x: rect.x, y: y, maxWidth: rect.width, role: .dim)
            return
        }
        for (index, candidate) in breakdown.candidates.enumerated() {
            let remaining = breakdown.candidates.count - index
            if y + 3 > bottom {
                if y < bottom {
                    buffer.write(
                        " +\(remaining) more candidate\(remaining == 1 ? "" : "s")", x: rect.x, y: y,
                        maxWidth: rect.width, role: .dim)
                }
                return
            }
            drawCandidate(
                candidate, threshold: breakdown.threshold, rect: Rect(x: rect.x, y: y, width: rect.width, height: 3),
                into: &buffer)
            y += 3
        }
    }

    static func drawCandidate(_ candidate: MatchCandidate, threshold: Int, rect: Rect, into buffer: inout ScreenBuffer)
    {
        let passed = candidate.total >= threshold
        let verdict = "\(candidate.total) \(passed ? "≥" : "<") \(threshold) \(passed ? "✔" : "✘")"
        let name = " \(candidate.shortCode)  \(candidate.path)  age \(formatAge(candidate.ageSeconds))"
        buffer.write(name, x: rect.x, y: rect.y, maxWidth: rect.width - verdict.count - 2, role: .normal, bold: true)
        buffer.write(
            verdict, x: rect.x + rect.width - verdict.count - 1, y: rect.y, role: passed ? .ok : .error, bold: true)
        var x = rect.x + 3
        for component in ScoreComponent.allCases {
            let points = candidate.points[component] ?? 0
            let text = "\(component.shortLabel) \(points)"
            guard x + text.count < rect.x + rect.width else { break }
            x += buffer.write(text, x: x, y: rect.y + 1, role: points > 0 ? barRole(component) : .dim)
            x += buffer.write("  ", x: x, y: rect.y + 1)
        }
        drawBar(candidate, threshold: threshold, x: rect.x + 3, y: rect.y + 2, width: rect.width - 4, into: &buffer)
    }

    /// A stacked bar: each component's points on a scale of ``ScoreComponent/maxTotal``, `┃` at the threshold.
    static func drawBar(
        _ candidate: MatchCandidate, threshold: Int, x: Int, y: Int, width: Int, into buffer: inout ScreenBuffer
    ) {
        guard width > 4 else { return }
        let scale = Double(width) / Double(ScoreComponent.maxTotal)
        for column in 0..<width { buffer[x + column, y] = Cell(character: "·", role: .dim) }
        var cumulative = 0
        for (index, component) in ScoreComponent.allCases.enumerated() {
            // Points come from the server, or from a session file that may say anything: clamped, never summed
            // past the scale.
            let points = min(candidate.points[component] ?? 0, ScoreComponent.maxTotal)
            guard points > 0 else { continue }
            let start = min(width, FileNumber.saturating(Double(cumulative) * scale))
            cumulative = min(ScoreComponent.maxTotal, cumulative + points)
            let end = min(width, FileNumber.saturating(Double(cumulative) * scale))
            for column in start..<max(start, end) {
                buffer[x + column, y] = Cell(character: index % 2 == 0 ? "█" : "▓", role: barRole(component))
            }
        }
        let marker = max(0, min(width - 1, FileNumber.saturating(Double(threshold) * scale)))
        buffer[x + marker, y] = Cell(character: "┃", role: .threshold, bold: true)
    }

    static func barRole(_ component: ScoreComponent) -> StyleRole {
        switch component {
        case .ip: .barIP
        case .platform: .barPlatform
        case .osVersion: .barOSVersion
        case .language: .barLanguage
        case .timezone: .barTimezone
        case .deviceModel: .barDeviceModel
        case .recency: .barRecency
        }
    }

    static func formatAge(_ seconds: Double) -> String {
        switch seconds {
        case ..<60: return "\(FileNumber.saturating(seconds, .towardZero))s"
        case ..<3600: return "\(FileNumber.saturating(seconds / 60, .towardZero))m"
        default: return "\(FileNumber.saturating(seconds / 3600, .towardZero))h"
        }
    }
}

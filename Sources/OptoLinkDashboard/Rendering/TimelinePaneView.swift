/// The retry timeline: one row per request on a shared time axis.
///
/// Attempts are blocks `[503 0.1s]` (running: `[… 0.4s]`), backoff waits `wait 1.4s╌╌╌` with the live
/// countdown (`start + delay − now`) and `━` for the elapsed part, then the outcome (`→ 200 ✔`,
/// `→ gave up after 4 ✘`, followed by the reason when the last attempt's block does not show it).
/// Segments start at their time on the axis, pushed right when an earlier label needs the room.
///
/// Only the rows that fit are shown, the newest at the bottom; the axis starts at the earliest start among
/// them. Its scale is chosen so that every shown row's labels end inside the pane: the scale starts at the
/// rows' span and is widened (×1.25 per step) until each row fits. A row too long to fit even when packed
/// tight from the axis' start drops its oldest segments behind a `…`, so the latest attempt, a running
/// countdown and the outcome always stay visible.
enum TimelinePaneView {
    static let labelWidth = 18

    /// One thing drawn on a row, in columns relative to the strip's left edge.
    enum Mark {
        /// Text starting at a column.
        case text(String, column: Int, role: StyleRole, bold: Bool)
        /// One character repeated over `columns`.
        case fill(Character, columns: Range<Int>, role: StyleRole)
    }

    /// A row laid out on the strip: what to draw and the column after its last drawn cell.
    struct RowLayout {
        var marks: [Mark] = []
        var end = 0
    }

    static func draw(_ state: DashboardState, in rect: Rect, focused: Bool, into buffer: inout ScreenBuffer) {
        buffer.box(rect, title: "\(DashboardPane.timeline.title) (\(state.timeline.count))", focused: focused)
        let inner = rect.inner
        guard inner.height > 1 else { return }
        guard !state.timeline.isEmpty else {
            buffer.write(" no requests yet", x: inner.x, y: inner.y, maxWidth: inner.width, role: .dim)
            return
        }
        let rows = Array(state.timeline.suffix(inner.height - 1))
        let origin = rows.compactMap(\.start).min() ?? state.now
        let latest = rows.map { end(of: $0, now: state.now) }.max() ?? state.now
        let stripX = inner.x + labelWidth
        let stripWidth = inner.width - labelWidth - 1
        guard stripWidth > 10 else { return }
        let span = max(4, max(latest, state.now) - origin)
        let (secondsPerColumn, skips) = fit(rows, now: state.now, origin: origin, width: stripWidth,
                                            initialSecondsPerColumn: span / Double(max(1, stripWidth - 12)))   // room for an outcome
        drawAxis(x: stripX, y: inner.y, width: stripWidth, secondsPerColumn: secondsPerColumn, into: &buffer)
        buffer.write(" request", x: inner.x, y: inner.y, maxWidth: labelWidth, role: .dim)
        for (offset, row) in rows.enumerated() {
            let y = inner.y + 1 + offset
            buffer.write(" #\(row.requestID) \(row.endpoint)", x: inner.x, y: y, maxWidth: labelWidth - 1, role: .normal)
            let layout = self.layout(row, now: state.now, origin: origin, secondsPerColumn: secondsPerColumn, skip: skips[offset])
            draw(layout, x: stripX, y: y, width: stripWidth, into: &buffer)
        }
    }

    /// The axis scale and, per row, how many leading segments to drop so that every row ends inside `width`.
    static func fit(_ rows: [TimelineRow], now: Double, origin: Double, width: Int,
                    initialSecondsPerColumn: Double) -> (secondsPerColumn: Double, skips: [Int]) {
        // Rows longer than the strip even when packed from its left edge must drop segments at any scale.
        let minimumSkips = rows.map { row in
            (0...segments(of: row).count).first { skip in
                layout(row, now: now, origin: origin, secondsPerColumn: .infinity, skip: skip).end <= width
            } ?? segments(of: row).count
        }
        var secondsPerColumn = max(initialSecondsPerColumn, 1e-3)
        for _ in 0..<80 {
            let fits = rows.indices.allSatisfy { index in
                layout(rows[index], now: now, origin: origin, secondsPerColumn: secondsPerColumn,
                       skip: minimumSkips[index]).end <= width
            }
            if fits { break }
            secondsPerColumn *= 1.25
        }
        let skips = rows.indices.map { index in
            let count = segments(of: rows[index]).count
            return (minimumSkips[index]...max(minimumSkips[index], count)).first { skip in
                layout(rows[index], now: now, origin: origin, secondsPerColumn: secondsPerColumn, skip: skip).end <= width
            } ?? count
        }
        return (secondsPerColumn, skips)
    }

    static func end(of row: TimelineRow, now: Double) -> Double {
        var latest = row.start ?? now
        for attempt in row.attempts { latest = max(latest, attempt.start + (attempt.duration ?? (now - attempt.start))) }
        for wait in row.waits { latest = max(latest, wait.start + wait.delay) }   // the whole wait fits on the axis
        return latest
    }

    static func drawAxis(x: Int, y: Int, width: Int, secondsPerColumn: Double, into buffer: inout ScreenBuffer) {
        let steps: [Double] = [0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600, 86400]
        let step = steps.first { $0 / secondsPerColumn >= 10 } ?? secondsPerColumn * 10
        for column in 0..<width { buffer[x + column, y] = Cell(character: "─", role: .dim) }
        var tick = 0.0
        while true {
            let column = Int((tick / secondsPerColumn).rounded())
            guard column < width - 1 else { break }
            buffer[x + column, y] = Cell(character: "┬", role: .dim)
            let label = tick == tick.rounded() ? "\(Int(tick))s" : format1(tick) + "s"
            if column + 1 + label.count < width { buffer.write(label, x: x + column + 1, y: y, role: .dim) }
            tick += step
        }
    }

    /// A row's attempts and waits, in time order.
    enum Segment {
        case attempt(TimelineAttempt)
        case wait(BackoffWait)
    }

    static func segments(of row: TimelineRow) -> [Segment] {
        let timed: [(Double, Segment)] = row.attempts.map { ($0.start, .attempt($0)) } + row.waits.map { ($0.start, .wait($0)) }
        return timed.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
    }

    /// Lays a row out on an unbounded strip: each segment at its column (pushed right past the previous
    /// label), the first `skip` segments replaced by `…`, then the outcome.
    static func layout(_ row: TimelineRow, now: Double, origin: Double, secondsPerColumn: Double, skip: Int) -> RowLayout {
        var result = RowLayout()
        var cursor = 0
        func column(_ t: Double) -> Int { max(0, Int(((t - origin) / secondsPerColumn).rounded())) }
        let all = segments(of: row)
        if skip > 0 {
            let start = column(row.start ?? origin)
            result.marks.append(.text("…", column: start, role: .dim, bold: false))
            cursor = start + 2
            result.end = start + 1
        }
        for segment in all.dropFirst(skip) {
            switch segment {
            case .attempt(let attempt):
                let duration = attempt.duration ?? max(0, now - attempt.start)
                let (text, role): (String, StyleRole)
                if let status = attempt.status {
                    text = "[\(status) \(formatSeconds(duration))]"
                    role = (200..<300).contains(status) ? .ok : (400..<500).contains(status) ? .warning : .error
                } else if let error = attempt.error {
                    text = "[\(error) \(formatSeconds(duration))]"
                    role = .error
                } else {
                    text = "[… \(formatSeconds(duration))]"
                    role = .running
                }
                let start = max(cursor, column(attempt.start))
                let blockEnd = max(start + text.count, column(attempt.start + duration))
                result.marks.append(.text(text, column: start, role: role, bold: attempt.isRunning))
                if blockEnd > start + text.count {
                    result.marks.append(.fill("▬", columns: (start + text.count)..<blockEnd, role: role))
                }
                result.end = blockEnd
            case .wait(let wait):
                let remaining = wait.remaining(at: now)
                let label = remaining > 0 ? "wait \(formatSeconds(remaining))" : "waited \(formatSeconds(wait.delay))"
                let start = max(cursor, column(wait.start))
                let fullEnd = max(start + label.count + 1, column(wait.start + wait.delay))
                let elapsedFraction = wait.delay > 0 ? min(1, max(0, (now - wait.start) / wait.delay)) : 1
                let elapsedEnd = start + Int(Double(fullEnd - start) * elapsedFraction)
                if elapsedEnd > start { result.marks.append(.fill("━", columns: start..<elapsedEnd, role: .wait)) }
                if fullEnd > elapsedEnd { result.marks.append(.fill("╌", columns: elapsedEnd..<fullEnd, role: .wait)) }
                result.marks.append(.text(label, column: start, role: .wait, bold: remaining > 0))
                result.end = fullEnd
            }
            cursor = result.end + 1
        }
        let outcome: (String, Bool)? = switch row.outcome {
        case .pending:
            nil
        case .finished(let status, let attempts):
            { () -> (String, Bool) in
                let ok = status.map { (200..<300).contains($0) } ?? false
                return ("→ \(status.map(String.init) ?? "no answer") \(ok ? "✔" : "✘")" + (attempts > 1 ? " after \(attempts)" : ""), ok)
            }()
        case .gaveUp(let attempts, let reason):
            // The reason is left out when the last attempt's block already shows it.
            ("→ gave up after \(attempts) ✘" + (row.attempts.last?.error == reason ? "" : " \(reason)"), false)
        }
        if let (text, ok) = outcome {
            let start = result.marks.isEmpty ? 0 : cursor
            result.marks.append(.text(text, column: start, role: ok ? .ok : .error, bold: true))
            result.end = start + text.count
        }
        return result
    }

    /// Draws a laid-out row, clipped to the strip (a row that still does not fit ends in `…`).
    static func draw(_ layout: RowLayout, x: Int, y: Int, width: Int, into buffer: inout ScreenBuffer) {
        for mark in layout.marks {
            switch mark {
            case .text(let text, let column, let role, let bold):
                guard column < width else { continue }
                buffer.write(text, x: x + column, y: y, maxWidth: width - column, role: role, bold: bold)
            case .fill(let character, let columns, let role):
                for column in columns where column < width { buffer[x + column, y] = Cell(character: character, role: role) }
            }
        }
    }
}

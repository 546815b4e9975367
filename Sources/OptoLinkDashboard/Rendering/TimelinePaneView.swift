/// The retry timeline: one row per request on a shared time axis.
///
/// Attempts are blocks `[503 0.1s]` (running: `[… 0.4s]`), backoff waits `wait 1.4s╌╌╌` with the live
/// countdown (`start + delay − now`) and `━` for the elapsed part, then the outcome (`→ 200 ✔`, `→ gave up ✘`).
/// Segments start at their time on the axis, pushed right when an earlier label needs the room.
enum TimelinePaneView {
    static let labelWidth = 18

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
        let secondsPerColumn = span / Double(stripWidth - 12)   // leave room for the outcome label
        drawAxis(x: stripX, y: inner.y, width: stripWidth, secondsPerColumn: secondsPerColumn, into: &buffer)
        buffer.write(" request", x: inner.x, y: inner.y, maxWidth: labelWidth, role: .dim)
        for (offset, row) in rows.enumerated() {
            let y = inner.y + 1 + offset
            buffer.write(" #\(row.requestID) \(row.endpoint)", x: inner.x, y: y, maxWidth: labelWidth - 1, role: .normal)
            drawRow(row, now: state.now, origin: origin, secondsPerColumn: secondsPerColumn,
                    x: stripX, y: y, width: stripWidth, into: &buffer)
        }
    }

    static func end(of row: TimelineRow, now: Double) -> Double {
        var latest = row.start ?? now
        for attempt in row.attempts { latest = max(latest, attempt.start + (attempt.duration ?? (now - attempt.start))) }
        for wait in row.waits { latest = max(latest, wait.start + wait.delay) }   // the whole wait fits on the axis
        return latest
    }

    static func drawAxis(x: Int, y: Int, width: Int, secondsPerColumn: Double, into buffer: inout ScreenBuffer) {
        let steps: [Double] = [0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600]
        let step = steps.first { $0 / secondsPerColumn >= 10 } ?? 3600
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

    static func drawRow(_ row: TimelineRow, now: Double, origin: Double, secondsPerColumn: Double,
                        x: Int, y: Int, width: Int, into buffer: inout ScreenBuffer) {
        enum Segment { case attempt(TimelineAttempt), wait(BackoffWait) }
        var segments: [(Double, Segment)] = row.attempts.map { ($0.start, .attempt($0)) } + row.waits.map { ($0.start, .wait($0)) }
        segments.sort { $0.0 < $1.0 }
        let limit = x + width
        var cursor = x
        func column(_ t: Double) -> Int { x + Int(((t - origin) / secondsPerColumn).rounded()) }
        for (_, segment) in segments {
            guard cursor < limit else { return }
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
                let written = buffer.write(text, x: start, y: y, maxWidth: limit - start, role: role, bold: attempt.isRunning)
                if blockEnd > start + written {
                    for c in (start + written)..<min(blockEnd, limit) { buffer[c, y] = Cell(character: "▬", role: role) }
                }
                cursor = min(limit, max(blockEnd, start + written)) + 1
            case .wait(let wait):
                let remaining = wait.remaining(at: now)
                let label = remaining > 0 ? "wait \(formatSeconds(remaining))" : "waited \(formatSeconds(wait.delay))"
                let start = max(cursor, column(wait.start))
                let fullEnd = max(start + label.count + 1, column(wait.start + wait.delay))
                let elapsedFraction = wait.delay > 0 ? min(1, (now - wait.start) / wait.delay) : 1
                let elapsedEnd = start + Int(Double(fullEnd - start) * elapsedFraction)
                for c in start..<min(fullEnd, limit) {
                    buffer[c, y] = Cell(character: c < elapsedEnd ? "━" : "╌", role: .wait)
                }
                buffer.write(label, x: start, y: y, maxWidth: limit - start, role: .wait, bold: remaining > 0)
                cursor = min(limit, fullEnd) + 1
            }
        }
        guard cursor < limit else { return }
        switch row.outcome {
        case .pending:
            break
        case .finished(let status, let attempts):
            let ok = status.map { (200..<300).contains($0) } ?? false
            let text = "→ \(status.map(String.init) ?? "no answer") \(ok ? "✔" : "✘")" + (attempts > 1 ? " after \(attempts)" : "")
            buffer.write(text, x: cursor, y: y, maxWidth: limit - cursor, role: ok ? .ok : .error, bold: true)
        case .gaveUp(let attempts, let reason):
            buffer.write("→ gave up after \(attempts) ✘ \(reason)", x: cursor, y: y, maxWidth: limit - cursor, role: .error, bold: true)
        }
    }
}

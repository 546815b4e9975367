import OptoLinkToolSupport

/// The words of the retry timeline: a row's short summary (after its bars), the selected row's detail
/// line, and the axis labels (ms, s, min as the scale needs).
package enum TimelineText {
    /// `503 2ms`, `503 (proxy) 2ms` (answered by the fault proxy), `connection refused 1ms`, `… 0.4s` (running).
    static func attempt(_ attempt: TimelineAttempt, now: Double) -> String {
        let duration = attempt.duration ?? max(0, now - attempt.start)
        if let status = attempt.status {
            return "\(status)\(attempt.injectedBy.map { " (\($0))" } ?? "") \(formatDuration(duration))"
        }
        if let error = attempt.error { return "\(error) \(formatDuration(duration))" }
        return "… \(formatDuration(duration))"
    }

    /// A short line for after the row's bars.
    static func summary(_ row: TimelineRow, now: Double) -> (text: String, role: StyleRole) {
        switch row.outcome {
        case .finished(let status, let attempts):
            let ok = status.map(row.isOrdinaryAnswer) ?? false
            let total = (TimelineWaterfall.end(of: row, now: now) - (row.start ?? now))
            let answer =
                (status.map(String.init) ?? "no answer") + (row.attempts.last?.injectedBy.map { " (\($0))" } ?? "")
            return (
                attempts > 1
                    ? "\(answer) after \(attempts) attempts, \(formatDuration(total))"
                    : "\(answer) in \(formatDuration(total))",
                ok ? .ok : .error
            )
        case .gaveUp(let attempts, let reason):
            return ("gave up after \(attempts): \(reason)", .error)
        case .pending:
            if let wait = row.waits.last, row.isWaiting(at: now) {
                return ("wait \(formatSeconds(wait.remaining(at: now)))", .wait)
            }
            if let attempt = row.attempts.last, attempt.isRunning {
                return ("attempt \(attempt.number) \(formatDuration(max(0, now - attempt.start)))…", .running)
            }
            return ("…", .dim)
        }
    }

    /// The whole story of a row in one line: `#2 match: 503 2ms ▸ wait 1.0s ▸ 200 3ms ✔ 200 after 2 attempts`.
    package static func detail(_ row: TimelineRow, now: Double) -> String {
        var parts: [String] = []
        var waits = row.waits[...]
        for attempt in row.attempts {
            parts.append(self.attempt(attempt, now: now))
            if let wait = waits.first, wait.afterAttempt == attempt.number {
                waits = waits.dropFirst()
                let remaining =
                    row.outcome == .pending && row.attempts.last?.number == attempt.number ? wait.remaining(at: now) : 0
                parts.append(
                    remaining > 0
                        ? "wait \(formatSeconds(remaining)) left of \(formatSeconds(wait.delay))"
                        : "wait \(formatSeconds(wait.delay))")
            }
        }
        var line = "\(row.title): " + parts.joined(separator: " ▸ ")
        switch row.outcome {
        case .pending: break
        case .finished(let status, _):
            let ok = status.map(row.isOrdinaryAnswer) ?? false
            line += ok ? " ✔" : " ✘"
        case .gaveUp(let attempts, _): line += " ✘ gave up after \(attempts)"
        }
        return line
    }

    /// The nice tick steps of the axis, in seconds.
    static let steps: [Double] = [
        0.000_1, 0.000_2, 0.000_5, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5,
        1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 14_400, 43_200, 86_400,
    ]

    /// The smallest step whose ticks are at least `minimumColumns` apart at `secondsPerColumn`.
    static func step(secondsPerColumn: Double, minimumColumns: Int = 10) -> Double {
        steps.first { $0 / secondsPerColumn >= Double(minimumColumns) } ?? secondsPerColumn * Double(minimumColumns)
    }

    /// An axis label `t` seconds after the strip's left edge, in the unit the step calls for: `250ms`,
    /// `1.5s`, `12s`, `1m30s`, `5min`, `2h`.
    static func axisLabel(_ t: Double, step: Double) -> String {
        if t <= 0 { return "0" }
        if step < 1 {
            if t < 1 { return step < 0.001 ? "\(format1(t * 1000))ms" : "\(FileNumber.saturating(t * 1000))ms" }
            var text = String(FileNumber.saturating(t * 1000))
            while text.count < 4 { text = "0" + text }
            var fraction = String(text.suffix(3))
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return String(text.dropLast(3)) + (fraction.isEmpty ? "" : "." + fraction) + "s"
        }
        let seconds = FileNumber.saturating(t)
        if seconds < 60 { return "\(seconds)s" }
        if seconds >= 3_600 && seconds % 3_600 == 0 { return "\(seconds / 3_600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)min" }
        return "\(seconds / 60)m\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)s"
    }
}

/// A duration with the unit it needs: `0.4ms`, `12ms`, `1.4s`, `2m05s`.
package func formatDuration(_ seconds: Double) -> String {
    let value = max(0, seconds)
    if value < 0.001 { return "\(format1(value * 1000))ms" }
    if value < 1 { return "\(FileNumber.saturating(value * 1000))ms" }
    if value < 60 { return "\(format1(value))s" }
    let whole = FileNumber.saturating(value)
    return "\(whole / 60)m\(whole % 60 < 10 ? "0" : "")\(whole % 60)s"
}

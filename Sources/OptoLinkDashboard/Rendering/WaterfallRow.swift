/// One request laid out as a waterfall row on the strip of a ``TimelineWaterfall``.
///
/// Attempts are bars (`█`, coloured by outcome; `▒` while running) whose length is their duration; backoff
/// waits are segments of their own (`━` elapsed, `┄` still to wait, so a wait in progress grows live) whose
/// length is the wait. Lengths are whole cells of the view's one scale, at least one cell (the minimum
/// mark: a sub-cell attempt is a `▌`, a sub-cell wait a `╸`). A segment starts at its time's column, or
/// right after the previous one when rounding would make them overlap or leave a one-column gap. The outcome mark (`✔`/`✘`) closes a
/// finished row. Text never goes on a bar: the row's summary is written after its outcome when it fits,
/// and the detail line shows the selected row in full.
struct WaterfallRow: Sendable, Hashable {
    /// One drawn cell, in strip columns (may be outside the strip: the drawer clips).
    struct Mark: Sendable, Hashable {
        var column: Int
        var character: Character
        var role: StyleRole
    }

    /// What a segment is.
    enum Kind: Sendable, Hashable {
        case attempt
        case wait
    }

    /// A laid-out segment: its columns and what it is (tests measure bar lengths with these).
    struct Segment: Sendable, Hashable {
        var kind: Kind
        var columns: Range<Int>
    }

    var marks: [Mark] = []
    var segments: [Segment] = []
    /// The column after the last drawn cell (outcome mark included).
    var end = 0

    /// Lays `row` out in `waterfall` at clock time `now`.
    init(_ row: TimelineRow, now: Double, in waterfall: TimelineWaterfall) {
        enum Piece { case attempt(TimelineAttempt), wait(BackoffWait, next: Double?) }
        var timed: [(Double, Int, Piece)] = []
        for (index, attempt) in row.attempts.enumerated() { timed.append((attempt.start, index * 2, .attempt(attempt))) }
        for (index, wait) in row.waits.enumerated() {
            let next = row.attempts.first { $0.number == wait.afterAttempt + 1 }?.start
            timed.append((wait.start, index * 2 + 1, .wait(wait, next: next)))
        }
        timed.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var cursor = Int.min
        // A segment starts at its time's column; a one-column gap left by rounding closes up.
        func startColumn(_ t: Double) -> Int {
            let column = waterfall.column(t)
            return column == cursor + 1 ? cursor : max(column, cursor)
        }
        for (_, _, piece) in timed {
            switch piece {
            case .attempt(let attempt):
                let duration = attempt.duration ?? max(0, now - attempt.start)
                let start = startColumn(attempt.start)
                let length = waterfall.cells(duration)
                let subCell = duration < waterfall.secondsPerColumn
                let role = Self.role(of: attempt)
                let glyph: Character = attempt.isRunning ? "▒" : subCell ? "▌" : "█"
                for column in start..<(start + length) { marks.append(Mark(column: column, character: glyph, role: role)) }
                segments.append(Segment(kind: .attempt, columns: start..<(start + length)))
                cursor = start + length
            case .wait(let wait, let next):
                let start = startColumn(wait.start)
                let length = waterfall.cells(wait.delay)
                let over = next != nil || row.outcome != .pending || now >= wait.start + wait.delay
                let elapsed = over ? length : min(length, Int((max(0, now - wait.start) / waterfall.secondsPerColumn).rounded(.down)))
                let subCell = wait.delay < waterfall.secondsPerColumn
                for offset in 0..<length {
                    let done = offset < elapsed
                    marks.append(Mark(column: start + offset, character: subCell ? "╸" : done ? "━" : "┄", role: done ? .wait : .dim))
                }
                segments.append(Segment(kind: .wait, columns: start..<(start + length)))
                cursor = start + length
            }
        }
        if cursor == Int.min { cursor = waterfall.column(row.start ?? now) }
        switch row.outcome {
        case .pending:
            end = cursor
        case .finished(let status, _):
            let ok = status.map { (200..<300).contains($0) } ?? false
            marks.append(Mark(column: cursor, character: ok ? "✔" : "✘", role: ok ? .ok : .error))
            end = cursor + 1
        case .gaveUp:
            marks.append(Mark(column: cursor, character: "✘", role: .error))
            end = cursor + 1
        }
    }

    /// The colour of an attempt: 2xx ok, 4xx warning, 5xx and no answer error, running while in flight.
    static func role(of attempt: TimelineAttempt) -> StyleRole {
        if attempt.isRunning { return .running }
        if let status = attempt.status {
            return (200..<300).contains(status) ? .ok : (400..<500).contains(status) ? .warning : .error
        }
        return .error
    }
}

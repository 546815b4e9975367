import OptoLinkToolSupport

/// One request laid out as a waterfall row on the strip of a ``TimelineWaterfall``.
///
/// Attempts are bars (`█`, coloured by outcome; `▒` while running) whose length is their duration; backoff
/// waits are segments of their own (`━` elapsed, `┄` still to wait, so a wait in progress grows live) whose
/// length is the wait. Lengths are whole cells of the view's one scale, at least one cell (the minimum
/// mark: a sub-cell attempt is a `▌`, a sub-cell wait a `╸`). A segment starts at its time's column, or
/// right after the previous one when rounding would make them overlap or leave a one-column gap. The outcome
/// mark (`✔`/`✘`) closes a
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

    /// A laid-out segment: its columns and what it is (tests measure bar lengths with these), and how its
    /// cells are drawn.
    struct Segment: Sendable, Hashable {
        var kind: Kind
        var columns: Range<Int>
        /// An attempt's glyph (`█`, `▌` sub-cell, `▒` running) and colour.
        var glyph: Character = "█"
        var role: StyleRole = .normal
        /// A wait's cells already waited (drawn `━`, the rest `┄`).
        var elapsed = 0
        /// A wait shorter than one column (drawn `╸`).
        var subCell = false
    }

    private(set) var segments: [Segment] = []
    /// The outcome mark closing a finished row.
    private(set) var outcome: Mark?
    /// The column after the last drawn cell (outcome mark included).
    private(set) var end = 0

    /// Every drawn cell, expanded from the segments (the fitting of the scale only needs ``end``).
    var marks: [Mark] {
        var marks: [Mark] = []
        for segment in segments {
            switch segment.kind {
            case .attempt:
                for column in segment.columns {
                    marks.append(Mark(column: column, character: segment.glyph, role: segment.role))
                }
            case .wait:
                for (offset, column) in segment.columns.enumerated() {
                    let done = offset < segment.elapsed
                    marks.append(
                        Mark(
                            column: column, character: segment.subCell ? "╸" : done ? "━" : "┄",
                            role: done ? .wait : .dim))
                }
            }
        }
        if let outcome { marks.append(outcome) }
        return marks
    }

    /// Lays `row` out in `waterfall` at clock time `now`.
    init(_ row: TimelineRow, now: Double, in waterfall: TimelineWaterfall) {
        enum Piece {
            case attempt(TimelineAttempt)
            case wait(BackoffWait, next: Double?)
        }
        var timed: [(Double, Int, Piece)] = []
        for (index, attempt) in row.attempts.enumerated() {
            timed.append((attempt.start, index * 2, .attempt(attempt)))
        }
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
                segments.append(
                    Segment(
                        kind: .attempt, columns: start..<(start + length),
                        glyph: attempt.isRunning ? "▒" : subCell ? "▌" : "█", role: Self.role(of: attempt, in: row)))
                cursor = start + length
            case .wait(let wait, let next):
                let start = startColumn(wait.start)
                let length = waterfall.cells(wait.delay)
                let over = next != nil || row.outcome != .pending || now >= wait.start + wait.delay
                let elapsed =
                    over
                    ? length
                    : min(length, FileNumber.saturating(max(0, now - wait.start) / waterfall.secondsPerColumn, .down))
                segments.append(
                    Segment(
                        kind: .wait, columns: start..<(start + length), elapsed: elapsed,
                        subCell: wait.delay < waterfall.secondsPerColumn))
                cursor = start + length
            }
        }
        if cursor == Int.min { cursor = waterfall.column(row.start ?? now) }
        switch row.outcome {
        case .pending:
            end = cursor
        case .finished(let status, _):
            let ok = status.map(row.isOrdinaryAnswer) ?? false
            outcome = Mark(column: cursor, character: ok ? "✔" : "✘", role: ok ? .ok : .error)
            end = cursor + 1
        case .gaveUp:
            outcome = Mark(column: cursor, character: "✘", role: .error)
            end = cursor + 1
        }
    }

    /// The colour of an attempt of `row`: an ordinary answer (``TimelineRow/isOrdinaryAnswer(_:)``) ok, another
    /// 4xx warning, 5xx and no answer error, running while in flight.
    static func role(of attempt: TimelineAttempt, in row: TimelineRow) -> StyleRole {
        if attempt.isRunning { return .running }
        if let status = attempt.status {
            return row.isOrdinaryAnswer(status) ? .ok : (400..<500).contains(status) ? .warning : .error
        }
        return .error
    }
}

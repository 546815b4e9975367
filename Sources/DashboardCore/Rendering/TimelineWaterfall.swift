/// The geometry of the retry timeline's waterfall for one pane: which rows are shown, the time scale and
/// the strip's left edge. A pure function of the state and the pane's inner rectangle, shared by the
/// renderer and the reducer (zoom and scroll start from what is on screen).
///
/// One scale per view: every shown row is drawn with the same seconds per column. By default the rows
/// shown are the newest that fit and the scale fits them all (earliest start at the left edge, the latest
/// end, a scheduled wait's end included, two columns short of the right edge, for the outcome mark; a
/// pending row keeps room for its countdown or running time after its bars).
struct TimelineWaterfall: Sendable, Hashable {
    /// Columns of the `#id endpoint` label in front of each row.
    static let labelWidth = 16
    /// Columns kept free right of the latest end when fitting (the outcome mark and a gap).
    static let outcomeRoom = 2

    /// The shown rows, oldest first.
    var rows: [TimelineRow]
    /// Index in ``DashboardState/timeline`` of `rows[0]`.
    var firstIndex: Int
    /// Index in ``DashboardState/timeline`` of the selected row (the newest when following).
    var selectedIndex: Int
    /// Columns of the time strip.
    var stripWidth: Int
    /// Clock time at the strip's left edge.
    var viewStart: Double
    /// The scale.
    var secondsPerColumn: Double
    /// Whether the inner rectangle has a detail line under the rows.
    var hasDetailLine: Bool

    /// Rows that fit in `inner` (axis on top, detail line at the bottom when there are 4 rows or more).
    static func rowCapacity(_ inner: Rect) -> Int {
        inner.height >= 4 ? inner.height - 2 : max(0, inner.height - 1)
    }

    /// The geometry, nil when the pane has no row to show or is too narrow for a strip.
    static func compute(_ state: DashboardState, inner: Rect) -> TimelineWaterfall? {
        let timeline = state.timeline
        let capacity = rowCapacity(inner)
        let stripWidth = inner.width - labelWidth - 1
        guard !timeline.isEmpty, capacity > 0, stripWidth > 8 else { return nil }
        let selected =
            state.timelineView.selectedRequestID.flatMap { id in timeline.lastIndex { $0.requestID == id } }
            ?? timeline.count - 1
        let first = max(0, min(selected, timeline.count - capacity))
        let rows = Array(timeline[first..<min(timeline.count, first + capacity)])
        let earliest = rows.compactMap(\.start).min() ?? state.now
        let latest = max(earliest, rows.map { end(of: $0, now: state.now) }.max() ?? state.now)
        let usable = Double(max(1, stripWidth - outcomeRoom))
        let fitted = min(
            max((latest - earliest) / usable, TimelineViewport.scaleRange.lowerBound),
            TimelineViewport.scaleRange.upperBound)
        func geometry(_ scale: Double) -> TimelineWaterfall {
            let start: Double
            if let fixed = state.timelineView.start {
                start = fixed
            } else {
                start = latest - earliest <= usable * scale ? earliest : latest - usable * scale
            }
            return TimelineWaterfall(
                rows: rows, firstIndex: first, selectedIndex: selected, stripWidth: stripWidth, viewStart: start,
                secondsPerColumn: scale, hasDetailLine: inner.height >= 4)
        }
        if let fixed = state.timelineView.secondsPerColumn {
            var waterfall = geometry(fixed)
            guard state.timelineView.start == nil else { return waterfall }
            // Following at a fixed scale: minimum marks may push the newest end past the strip; shift it back in.
            for _ in 0..<3 {
                let end = rows.map { WaterfallRow($0, now: state.now, in: waterfall).end }.max() ?? 0
                guard end > stripWidth - 1 else { break }
                waterfall.viewStart += Double(end - (stripWidth - 1)) * fixed
            }
            return waterfall
        }
        // Minimum marks (one cell for a sub-cell attempt or wait) push later segments right: widen the fitted
        // scale until every shown row, outcome mark included, ends inside the strip.
        var waterfall = geometry(fitted)
        let reserved = rows.map { reservedRoom($0, now: state.now) }  // text widths: the same at every scale
        for _ in 0..<60 {
            let fits = zip(rows, reserved).allSatisfy { row, room in
                WaterfallRow(row, now: state.now, in: waterfall).end + room <= stripWidth - 1
            }
            if fits || waterfall.secondsPerColumn >= TimelineViewport.scaleRange.upperBound { break }
            waterfall = geometry(waterfall.secondsPerColumn * 1.05)
        }
        return waterfall
    }

    /// The geometry of the timeline pane of `state` at its own size (for the reducer).
    static func compute(_ state: DashboardState) -> TimelineWaterfall? {
        guard let rect = DashboardLayout.compute(state).panes[.timeline] else { return nil }
        return compute(state, inner: rect.inner)
    }

    /// Columns a fitted scale keeps free after a pending row, so its countdown or running time shows beside it.
    static func reservedRoom(_ row: TimelineRow, now: Double) -> Int {
        row.outcome == .pending ? 1 + TimelineText.summary(row, now: now).text.count : 0
    }

    /// The latest time of a row: its last attempt's end (now while running), or its last wait's scheduled end.
    static func end(of row: TimelineRow, now: Double) -> Double {
        var latest = row.start ?? now
        for attempt in row.attempts {
            latest = max(latest, attempt.start + (attempt.duration ?? max(0, now - attempt.start)))
        }
        for wait in row.waits { latest = max(latest, wait.start + wait.delay) }
        return latest
    }

    /// The column of clock time `t` (may be outside the strip).
    func column(_ t: Double) -> Int {
        let value = ((t - viewStart) / secondsPerColumn).rounded(.down)
        return Int(max(-1_000_000, min(1_000_000, value)))
    }

    /// Whole cells for a duration: at least 1 (the minimum mark of sub-cell durations).
    func cells(_ duration: Double) -> Int {
        max(1, Int(min(1_000_000, (max(0, duration) / secondsPerColumn).rounded())))
    }
}

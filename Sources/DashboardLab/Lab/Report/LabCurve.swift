import DashboardCore

/// A chart of percentages against a numeric x axis as text lines, to scale: the first series drawn as a line in
/// Braille dots (2 × 4 dots per cell), the others as a marker character at each point; the y axis labelled on
/// the left (0–100 %, or the smallest round range holding every point, which the x axis' rule then names: `y
/// axis 85–89%, not from 0`), the x axis ticked and labelled below, an optional mark (`▲`) under one x value.
///
/// A pure function of its inputs: the report prints its lines, the dashboard's Lab view draws them into cells.
///
/// ```swift
/// let lines = LabCurve.lines(
///     title: "precision", series: [.init(label: "guard 3", points: [(45, 0.8), (95, 1)])],
///     x: 45...95, ticks: [45, 65, 95], width: 60, height: 8)
/// ```
package enum LabCurve {
    /// One series: its points (x, share 0–1) and how it is drawn.
    package struct Series: Sendable {
        /// The legend's name.
        package var label: String
        /// The points, in x order; a share outside 0–1 is clamped, a nil share leaves a gap.
        package var points: [(x: Double, y: Double?)]
        /// The marker of a series after the first (the first is a Braille line).
        package var marker: Character

        /// A series.
        package init(label: String, points: [(x: Double, y: Double?)], marker: Character = "▪") {
            self.label = label
            self.points = points
            self.marker = marker
        }
    }

    /// The y axis' labels' width (`100%`) and its rule.
    private static let gutter = 5

    /// The chart as lines: the title (`precision by threshold`) with the legend, `height` plot rows, the x axis,
    /// its labels, and the mark's line when there is one. Every line is at most `width` characters wide.
    ///
    /// - Parameters:
    ///   - title: what the y axis measures (`precision`).
    ///   - series: the first drawn as a Braille line, the others as markers.
    ///   - x: the x axis' range.
    ///   - ticks: x values labelled under the axis.
    ///   - xLabel: the x axis' name, in the title.
    ///   - mark: an x value marked `▲` under the axis, with its caption.
    ///   - y: the y axis' range as shares; nil for the smallest range of round steps holding every point
    ///     (``yRange(of:)``).
    ///   - width: characters per line (at least 20).
    ///   - height: plot rows (at least 2).
    package static func lines(
        title: String, series: [Series], x: ClosedRange<Double>, ticks: [Double], xLabel: String = "threshold",
        mark: (x: Double, caption: String)? = nil, y: ClosedRange<Double>? = nil, width: Int, height: Int
    ) -> [String] {
        let width = max(20, width)
        let height = max(2, height)
        let (yRange, yStep) = y.map { ($0, ($0.upperBound - $0.lowerBound) / 4) } ?? yRange(of: series)
        let columns = width - gutter - 1
        let dotsWide = columns * 2
        let dotsHigh = height * 4
        let span = max(x.upperBound - x.lowerBound, 1e-9)
        func dotX(_ value: Double) -> Int {
            Int(((value - x.lowerBound) / span * Double(dotsWide - 1)).rounded())
        }
        let ySpan = max(yRange.upperBound - yRange.lowerBound, 1e-9)
        func dotY(_ share: Double) -> Int {  // 0 at the top
            let clamped = min(yRange.upperBound, max(yRange.lowerBound, share))
            return Int(((yRange.upperBound - clamped) / ySpan * Double(dotsHigh - 1)).rounded())
        }

        var dots = [[Bool]](repeating: [Bool](repeating: false, count: dotsWide), count: dotsHigh)
        var markers = [[Character?]](repeating: [Character?](repeating: nil, count: columns), count: height)
        for (index, one) in series.enumerated() {
            let placed = one.points.compactMap { point in
                point.y.map { (dotX(point.x), dotY($0)) }
            }.filter { (0..<dotsWide).contains($0.0) }
            if index == 0 {
                for (a, b) in zip(placed, placed.dropFirst()) { plotLine(from: a, to: b, into: &dots) }
                if placed.count == 1 { dots[placed[0].1][placed[0].0] = true }
            } else {
                for (px, py) in placed { markers[py / 4][px / 2] = one.marker }
            }
        }

        var out: [String] = []
        let legend = series.enumerated().map { index, one in "\(index == 0 ? "⠤" : String(one.marker)) \(one.label)" }
        out.append(clip("\(title) by \(xLabel)   " + legend.joined(separator: "  "), to: width))
        var rowLabels = [String?](repeating: nil, count: height)
        for share in stride(from: yRange.upperBound, through: yRange.lowerBound - yStep / 2, by: -yStep)
        where rowLabels[dotY(share) / 4] == nil {
            rowLabels[dotY(share) / 4] = "\(Int((share * 100).rounded()))%"
        }
        for row in 0..<height {
            let label = rowLabels[row].map { pad($0, gutter - 1) } ?? String(repeating: " ", count: gutter - 1)
            var line = label + (rowLabels[row] == nil ? "│" : "┤")
            for column in 0..<columns {
                if let marker = markers[row][column] {
                    line.append(marker)
                    continue
                }
                var bits = 0
                for (dy, dx, bit) in brailleBits where dots[row * 4 + dy][column * 2 + dx] { bits |= bit }
                line.append(bits == 0 ? " " : Character(Unicode.Scalar(0x2800 + bits)!))
            }
            out.append(line)
        }
        // A y axis that does not start at 0 says so on the x axis' rule, where every reader's eye passes.
        let notes = [axisNote(yRange), axisNote(yRange, short: true)]
        let note = notes.first { !$0.isEmpty && $0.count + 3 <= columns }
        let rule =
            note.map { String(repeating: "─", count: columns - $0.count - 3) + " " + $0 + " ─" }
            ?? String(repeating: "─", count: columns)
        out.append(String(repeating: " ", count: gutter - 1) + "└" + rule)
        var labels = [Character](repeating: " ", count: width)
        for tick in ticks where x.contains(tick) {
            let text = Array(format(tick))
            let column = gutter + dotX(tick) / 2 - text.count / 2
            guard column >= 0, column + text.count <= width,
                labels[max(0, column - 1)..<min(width, column + text.count + 1)].allSatisfy({ $0 == " " })
            else { continue }
            for (offset, character) in text.enumerated() { labels[column + offset] = character }
        }
        while labels.last == " " { labels.removeLast() }
        out.append(String(labels))
        if let mark, x.contains(mark.x) {
            let column = gutter + dotX(mark.x) / 2
            let text = "▲ " + mark.caption
            let start = max(0, min(column, width - text.count))
            out.append(
                column + text.count <= width
                    ? String(repeating: " ", count: column) + text
                    : clip(String(repeating: " ", count: start) + text, to: width))
        }
        return out
    }

    /// What the x axis' rule says of a y axis that does not start at 0, so a small difference is not read as a
    /// large one: `y axis 85–89%, not from 0`; empty for an axis from 0.
    /// `short`: `y from 85%`, for a narrow chart.
    package static func axisNote(_ range: ClosedRange<Double>, short: Bool = false) -> String {
        guard range.lowerBound > 1e-9 else { return "" }
        let low = Int((range.lowerBound * 100).rounded())
        let high = Int((range.upperBound * 100).rounded())
        return short ? "y from \(low)%" : "y axis \(low)–\(high)%, not from 0"
    }

    /// The y range for `series`: the smallest range of whole steps (1, 2, 5, 10, 20 or 25 percentage points)
    /// holding every point in at most four steps, within 0–100 %; and its step.
    package static func yRange(of series: [Series]) -> (ClosedRange<Double>, Double) {
        let values = series.flatMap { $0.points.compactMap(\.y) }.map { min(1, max(0, $0)) }
        guard let low = values.min(), let high = values.max() else { return (0...1, 0.25) }
        for step in [0.01, 0.02, 0.05, 0.1, 0.2, 0.25] {
            var bottom = (low / step + 1e-9).rounded(.down) * step
            var top = (high / step - 1e-9).rounded(.up) * step
            if top - bottom < step {
                if top + step <= 1 + 1e-9 { top += step } else { bottom -= step }
            }
            if (top - bottom) / step <= 4 + 1e-9 {
                func round(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
                return (round(max(0, bottom))...round(min(1, top)), step)
            }
        }
        return (0...1, 0.25)
    }

    /// Braille dot bits by (row, column) within a cell.
    private static let brailleBits: [(Int, Int, Int)] = [
        (0, 0, 0x01), (1, 0, 0x02), (2, 0, 0x04), (3, 0, 0x40), (0, 1, 0x08), (1, 1, 0x10), (2, 1, 0x20),
        (3, 1, 0x80),
    ]

    /// Sets the dots of a straight line between two dots (Bresenham).
    private static func plotLine(from a: (Int, Int), to b: (Int, Int), into dots: inout [[Bool]]) {
        var (x0, y0) = a
        let (x1, y1) = b
        let dx = abs(x1 - x0)
        let dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1
        let sy = y0 < y1 ? 1 : -1
        var error = dx + dy
        while true {
            dots[y0][x0] = true
            if x0 == x1 && y0 == y1 { break }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x0 += sx
            }
            if doubled <= dx {
                error += dx
                y0 += sy
            }
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func pad(_ text: String, _ count: Int) -> String {
        String(repeating: " ", count: max(0, count - text.count)) + text
    }

    private static func clip(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width))
    }
}

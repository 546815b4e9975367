import DashboardCore
import DashboardProxy

/// The compare's table as rows of cells (one implementation for the dashboard's view and the headless
/// printout): outcome, method, the service's match type, confidence, attempts, waits, time to link and the
/// link's path, one column per service; then a line per column that failed or was skipped, saying why.
///
/// ```
/// compare flaky-server
///                OptoLink          QubeRoute            Deep Blue          AppsFlyer
/// outcome        PASS              PASS                 PASS               PASS
/// method         CLIPBOARD         probabilistic ip_ad… check-deferred     probabilistic
/// …
/// ```
package enum CompareTable {
    /// One cell: its text and how it is drawn.
    package struct Cell: Sendable, Hashable {
        /// The text.
        package var text: String
        /// Its role (PASS green, FAIL red, running, dim for "—").
        package var role: StyleRole
    }

    /// One row: its label and a cell per column.
    package struct Row: Sendable, Hashable {
        /// `outcome`, `method`, …
        package var label: String
        /// A cell per column, in the columns' order.
        package var cells: [Cell]
    }

    /// The row labels, in order.
    package static let labels = [
        "outcome", "method", "match type", "confidence", "attempts", "waits", "time to link", "link",
    ]

    /// The rows of `state`; `now` (the SDK's clock) shows how much of a wait in progress is left; `cellWidth`
    /// the room a cell has (the attempts keep their last outcomes when cut).
    package static func rows(_ state: CompareState, now: Double? = nil, cellWidth: Int = .max) -> [Row] {
        let columns = state.columns
        return [
            Row(label: "outcome", cells: columns.map(outcome)),
            Row(label: "method", cells: columns.map(method)),
            Row(label: "match type", cells: columns.map { text($0.metrics.link?.matchType) }),
            Row(label: "confidence", cells: columns.map { confidence($0.metrics.link) }),
            Row(
                label: "attempts",
                cells: columns.map { Cell(text: $0.metrics.attemptsLine(width: cellWidth), role: .normal) }),
            Row(label: "waits", cells: columns.map { waits($0.metrics, now: now) }),
            Row(label: "time to link", cells: columns.map { text($0.metrics.timeToLink.map(formatSeconds)) }),
            Row(label: "link", cells: columns.map { text($0.metrics.link?.path) }),
        ]
    }

    /// `QubeRoute: SKIP: …` / `Deep Blue: FAIL: …` for each column that did not pass, in column order.
    package static func verdictLines(_ state: CompareState) -> [String] {
        state.columns.compactMap { column in
            guard case .finished(let outcome) = column.status else { return nil }
            switch outcome {
            case .passed: return nil
            case .failed(let detail): return "\(column.title): FAIL: \(detail)"
            case .skipped(let reason): return "\(column.title): SKIP: \(reason)"
            }
        }
    }

    /// The whole table as plain lines, each column at most `columnWidth` characters (cut with `…`).
    package static func lines(_ state: CompareState, columnWidth: Int = 26, now: Double? = nil) -> [String] {
        let labelWidth = labels.map(\.count).max()! + 2
        func pad(_ text: String, _ width: Int) -> String {
            let cut = fit(text, width - 1)
            return cut + String(repeating: " ", count: max(0, width - cut.count))
        }
        var out = ["compare \(state.scenario)"]
        out.append(trimTrailing(pad("", labelWidth) + state.columns.map { pad($0.title, columnWidth) }.joined()))
        for row in rows(state, now: now) {
            out.append(trimTrailing(pad(row.label, labelWidth) + row.cells.map { pad($0.text, columnWidth) }.joined()))
        }
        out.append(contentsOf: verdictLines(state))
        return out
    }

    private static func trimTrailing(_ line: String) -> String {
        var s = Substring(line)
        while s.last == " " { s.removeLast() }
        return String(s)
    }

    /// `text` in at most `width` characters, cut with `…`.
    static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        return text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    private static func text(_ value: String?) -> Cell {
        value.map { Cell(text: $0, role: .normal) } ?? Cell(text: "—", role: .dim)
    }

    private static func outcome(_ column: CompareColumn) -> Cell {
        switch column.status {
        case .waiting: Cell(text: "waiting", role: .dim)
        case .running(let step): Cell(text: step.map { "▸ \($0)" } ?? "running", role: .running)
        case .finished(.passed): Cell(text: "PASS", role: .ok)
        case .finished(.failed): Cell(text: "FAIL", role: .error)
        case .finished(.skipped): Cell(text: "SKIP", role: .warning)
        }
    }

    private static func method(_ column: CompareColumn) -> Cell {
        if let link = column.metrics.link {
            let name = ServiceProfiles.profile(for: column.service).methodName(for: .answer(link))
            return Cell(text: name, role: .normal)
        }
        if column.metrics.matchedNothing { return Cell(text: "no link", role: .normal) }
        return Cell(text: "—", role: .dim)
    }

    private static func confidence(_ link: LinkSummary?) -> Cell {
        guard let link else { return Cell(text: "—", role: .dim) }
        if let score = link.confidenceScore {
            return Cell(text: format2(score) + (link.confidence.map { " (\($0))" } ?? ""), role: .normal)
        }
        if let band = link.confidence {
            return Cell(text: band + (link.score.map { " (score \(formatScore($0)))" } ?? ""), role: .normal)
        }
        return Cell(text: "—", role: .dim)
    }

    private static func waits(_ metrics: CompareMetrics, now: Double?) -> Cell {
        var text = metrics.waitsLine
        if let start = metrics.waitStartedAt, let now {
            text += " (\(formatSeconds(max(0, start + metrics.waitDelay - now))) left)"
            return Cell(text: text, role: .wait)
        }
        return Cell(text: text, role: metrics.waits.isEmpty ? .dim : .normal)
    }

    /// Two decimals without Foundation (`0.49`).
    static func format2(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

import DashboardScenarios
import Foundation

/// The threshold sweep as an SVG document (`--svg FILE`): for each service, precision and recall against the
/// threshold side by side, one line per guard size, axes ticked and labelled, the threshold meeting
/// `--max-wrong` marked. A pure function of the report: no fonts or files needed beyond the text it returns.
package enum LabSVG {
    /// Pixels of one chart (plot area plus its margins).
    static let chartWidth = 420.0
    static let chartHeight = 260.0
    private static let margin = (left: 52.0, right: 16.0, top: 34.0, bottom: 44.0)
    /// One colour per guard line, then the target's.
    private static let colors = ["#1f6feb", "#d1242f", "#8250df", "#1a7f37"]

    /// The document: a row of two charts per service that has a sweep.
    package static func document(_ report: LabReport) -> String {
        let services = report.services.filter { $0.sweep != nil }
        let width = chartWidth * 2
        let height = max(1, Double(services.count)) * (chartHeight + 28) + 12
        var out = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
                + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
        ]
        for (row, service) in services.enumerated() {
            guard let sweep = service.sweep else { continue }
            let top = Double(row) * (chartHeight + 28) + 12
            out.append(
                "<text x=\"8\" y=\"\(n(top + 8))\" font-size=\"14\" font-weight=\"bold\">"
                    + esc(
                        "\(service.service.displayName): lab \"\(report.model.name)\", seed \(report.model.seed), "
                            + "\(LabValue.grouped(sweep.installs)) installs")
                    + "</text>")
            let target = report.model.maxWrong.flatMap { sweep.threshold(maxWrong: $0) }
            for (column, (title, metric)) in [("precision", \LabCounts.precision), ("recall", \LabCounts.recall)]
                .enumerated()
            {
                out += chart(
                    sweep, title: title, metric: metric, x: Double(column) * chartWidth, y: top + 14,
                    target: target.map { ($0.threshold, report.model.maxWrong!) })
            }
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// One chart at (`x`, `y`).
    static func chart(
        _ sweep: LabSweep, title: String, metric: KeyPath<LabCounts, Double?>, x: Double, y: Double,
        target: (threshold: Int, maxWrong: Double)?
    ) -> [String] {
        let left = x + margin.left
        let right = x + chartWidth - margin.right
        let top = y + margin.top
        let bottom = y + chartHeight - margin.bottom
        let low = Double(sweep.thresholds.first ?? 0)
        let high = max(Double(sweep.thresholds.last ?? 100), low + 1)
        func px(_ threshold: Double) -> Double { left + (threshold - low) / (high - low) * (right - left) }
        func py(_ share: Double) -> Double { bottom - min(1, max(0, share)) * (bottom - top) }
        var out = ["<text x=\"\(n(left))\" y=\"\(n(y + 20))\" font-weight=\"bold\">\(esc(title))</text>"]
        for share in stride(from: 0.0, through: 1.0, by: 0.25) {
            out.append(
                "<line x1=\"\(n(left))\" y1=\"\(n(py(share)))\" x2=\"\(n(right))\" y2=\"\(n(py(share)))\" "
                    + "stroke=\"#d0d7de\"/>"
            )
            out.append(
                "<text x=\"\(n(left - 6))\" y=\"\(n(py(share) + 4))\" text-anchor=\"end\">\(Int(share * 100))%</text>")
        }
        out.append(
            "<line x1=\"\(n(left))\" y1=\"\(n(bottom))\" x2=\"\(n(right))\" y2=\"\(n(bottom))\" stroke=\"#57606a\"/>")
        out.append(
            "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(bottom))\" stroke=\"#57606a\"/>")
        let step = max(1, (sweep.thresholds.count + 5) / 6)
        for (index, threshold) in sweep.thresholds.enumerated()
        where index % step == 0 || threshold == sweep.thresholds.last {
            let tx = px(Double(threshold))
            out.append(
                "<line x1=\"\(n(tx))\" y1=\"\(n(bottom))\" x2=\"\(n(tx))\" y2=\"\(n(bottom + 4))\" stroke=\"#57606a\"/>"
            )
            out.append("<text x=\"\(n(tx))\" y=\"\(n(bottom + 17))\" text-anchor=\"middle\">\(threshold)</text>")
        }
        out.append(
            "<text x=\"\(n((left + right) / 2))\" y=\"\(n(bottom + 34))\" text-anchor=\"middle\">threshold</text>")
        if let target {
            let tx = px(Double(target.threshold))
            out.append(
                "<line x1=\"\(n(tx))\" y1=\"\(n(top))\" x2=\"\(n(tx))\" y2=\"\(n(bottom))\" stroke=\"\(colors[3])\" "
                    + "stroke-dasharray=\"4 3\"/>")
            out.append(
                "<text x=\"\(n(tx + 4))\" y=\"\(n(top + 12))\" fill=\"\(colors[3])\">"
                    + esc("max-wrong \(LabValue.percent(target.maxWrong)): \(target.threshold)") + "</text>")
        }
        for index in sweep.guards.indices {
            let color = colors[index % 3]
            let points = sweep.line(index).compactMap { point in
                point.counts[keyPath: metric].map { (px(Double(point.threshold)), py($0)) }
            }
            out.append(
                "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\""
                    + points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ") + "\"/>")
            for point in points {
                out.append("<circle cx=\"\(n(point.0))\" cy=\"\(n(point.1))\" r=\"2.5\" fill=\"\(color)\"/>")
            }
            // The legend on the title's line, right-aligned, one entry per line of the chart.
            let name = sweep.guards[index].map { "guard \($0)" } ?? "no guard"
            let lx = right - Double(sweep.guards.count - index) * 90
            out.append(
                "<line x1=\"\(n(lx))\" y1=\"\(n(y + 16))\" x2=\"\(n(lx + 16))\" y2=\"\(n(y + 16))\" "
                    + "stroke=\"\(color)\" stroke-width=\"2\"/>")
            out.append("<text x=\"\(n(lx + 20))\" y=\"\(n(y + 20))\">\(esc(name))</text>")
        }
        return out
    }

    private static func n(_ value: Double) -> String { SVGScreenshot.number((value * 10).rounded() / 10) }

    private static func esc(_ text: String) -> String { SVGScreenshot.escape(text) }
}

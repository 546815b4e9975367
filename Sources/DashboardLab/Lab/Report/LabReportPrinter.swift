import DashboardCore
import DashboardScenarios
import Foundation
import OptoLink

/// The lab's report as plain text lines (`optolink-dash lab` without `--json`): first what the run means in a
/// sentence per service (``LabMeaning``), the population, then for one service its five classes, precision and
/// recall, the tables by method, network and delay, and the threshold sweep drawn as two charts; with several
/// services, one table side by side; last, what the words mean (``LabGlossary``).
package enum LabReportPrinter {
    /// Characters per line the report keeps to by default (80: a terminal's width when nothing says more).
    package static let width = 80

    /// The whole report, at most `width` columns wide (at least ``width``).
    package static func lines(_ report: LabReport, width: Int = LabReportPrinter.width) -> [String] {
        let width = max(Self.width, width)
        var out = report.services.flatMap { wrap(LabMeaning.sentence($0), indent: "", width: width) }
        out += [""] + header(report, width: width)
        if report.services.count == 1 {
            out += [""] + details(report.services[0], report: report, width: width)
        } else {
            out += [""] + comparison(report, width: width)
        }
        out += ["", "What the words mean:"] + LabGlossary.lines(width: width)
        return out
    }

    /// The width the report is printed at: the terminal's columns when stdout is one (`terminalColumns`), else
    /// `COLUMNS` when it is set, never under ``width`` (80) and never over 200.
    package static func width(terminalColumns: Int?, columnsVariable: String?) -> Int {
        let asked = terminalColumns ?? columnsVariable.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return min(200, max(width, asked ?? width))
    }

    /// The lab, the population, the engine and the backend's numbers.
    static func header(_ report: LabReport, width: Int) -> [String] {
        let model = report.model
        let policy = model.policy
        let engine =
            report.services.first?.engine == "process"
            ? "In process (the reference server's engine)"
            : report.services.first?.engine ?? "?"
        let never = report.clicks - report.installs + report.organic
        return wrap(
            "Match lab \"\(model.name)\" · seed \(model.seed) · \(LabValue.grouped(report.installs)) installs "
                + "(\(LabValue.grouped(report.organic)) organic) · \(LabValue.grouped(report.clicks)) clicks "
                + "(\(LabValue.grouped(never)) never installed)",
            indent: "", width: width)
            + wrap(
                "\(engine) · threshold \(policy.threshold) · guard \(policy.guardSize.map(String.init) ?? "off") · "
                    + "window \(LabValue.duration(seconds: policy.window))"
                    + (policy.ipFallback ? "" : " · IP fallback off")
                    + " · \(String(format: "%.1f", report.seconds)) s",
                indent: "", width: width)
    }

    /// One service in full.
    static func details(_ service: LabServiceReport, report: LabReport, width: Int) -> [String] {
        let counts = service.counts
        var out = wrap("\(service.service.displayName): \(service.service.labSignals).", indent: "", width: width)
        out.append("")
        out.append("  " + pad("outcome", 20) + lpad("installs", 10) + lpad("share", 9))
        for outcome in LabOutcomeClass.allCases {
            out.append(
                "  " + pad(outcome.label, 20) + lpad(LabValue.grouped(counts[outcome]), 10)
                    + lpad(share(counts[outcome], of: counts.installs), 9))
        }
        var summary =
            "precision \(percent(counts.precision)) · recall \(percent(counts.recall)) · wrong attributions "
        summary += "\(percent(counts.wrongShare)) of \(LabValue.grouped(counts.matched)) matches"
        if service.guardFired > 0 { summary += " · guard fired \(LabValue.grouped(service.guardFired))×" }
        out += wrap(summary, indent: "  ", width: width)
        out.append(contentsOf: [""] + table("by method", LabMethod.allCases.map { ($0.key, service.byMethod[$0]) }))
        out.append(
            contentsOf: [""]
                + table("by network", LabNetworkLabel.allCases.map { ($0.rawValue, service.byNetwork[$0]) }))
        out.append(
            contentsOf: [""]
                + table("by click → open", LabDelayBucket.allCases.map { ($0.rawValue, service.byDelay[$0]) }))
        if let sweep = service.sweep {
            out.append(
                contentsOf: [""] + sweepLines(sweep, service: service, maxWrong: report.model.maxWrong, width: width))
        }
        return out
    }

    /// A table of counts by group, skipping empty groups: 80 columns (`wrong` is wrong click, `false` false
    /// match).
    static func table(_ title: String, _ rows: [(String, LabCounts?)]) -> [String] {
        var out = [
            "  " + pad(title, 16) + lpad("installs", 9) + lpad("correct", 8) + lpad("wrong", 6) + lpad("missed", 7)
                + lpad("false", 6) + lpad("no-match", 9) + lpad("precision", 10) + lpad("recall", 7)
        ]
        for (name, counts) in rows {
            guard let counts, counts.installs > 0 else { continue }
            out.append(
                "  " + pad(name, 16) + lpad(LabValue.grouped(counts.installs), 9)
                    + lpad(LabValue.grouped(counts.correct), 8) + lpad(LabValue.grouped(counts.wrongClick), 6)
                    + lpad(LabValue.grouped(counts.missed), 7) + lpad(LabValue.grouped(counts.falseMatch), 6)
                    + lpad(LabValue.grouped(counts.correctNoMatch), 9) + lpad(percent(counts.precision), 10)
                    + lpad(percent(counts.recall), 7))
        }
        return out
    }

    /// The sweep: what it ran, the precision and recall charts, and the threshold meeting the target.
    static func sweepLines(_ sweep: LabSweep, service: LabServiceReport, maxWrong: Double?, width: Int) -> [String] {
        let names = sweep.guards.map(guardName)
        var out = wrap(
            "threshold sweep: \(LabValue.grouped(sweep.installs)) installs, thresholds "
                + "\(LabValue.thresholds(sweep.thresholds)), " + names.joined(separator: " and "),
            indent: "  ", width: width)
        let target = maxWrong.flatMap { sweep.threshold(maxWrong: $0) }
        let mark = target.map { (Double($0.threshold), "max-wrong \(LabValue.percent(maxWrong!))") }
        for (title, metric) in [("precision", \LabCounts.precision), ("recall", \LabCounts.recall)] {
            out.append("")
            out += chart(sweep, title: title, metric: metric, mark: mark, width: width - 2, height: 8).map { "  " + $0 }
        }
        out.append("")
        out += sweepTable(sweep, width: width)
        if let maxWrong {
            for (index, name) in names.enumerated() {
                if let point = sweep.threshold(maxWrong: maxWrong, line: index) {
                    out += wrap(
                        "--max-wrong \(LabValue.percent(maxWrong)) with \(name): threshold \(point.threshold) "
                            + "(wrong \(percent(point.counts.wrongShare)), precision "
                            + "\(percent(point.counts.precision)), "
                            + "recall \(percent(point.counts.recall)))", indent: "  ", width: width)
                } else {
                    out += wrap(
                        "--max-wrong \(LabValue.percent(maxWrong)) with \(name): no threshold in "
                            + "\(LabValue.thresholds(sweep.thresholds)) keeps wrong matches that low",
                        indent: "  ", width: width)
                }
            }
        }
        return out
    }

    /// The sweep's figures under its charts, so a reader can quote them: per line (guard), precision and recall
    /// in % at each threshold, as many thresholds per block as `width` holds.
    ///
    /// ```
    ///   guard 3         45    50    55    60    65    70    75    80    85    90    95
    ///   precision %   88.3  88.0  87.5  …
    ///   recall %      69.1  69.4  …
    /// ```
    static func sweepTable(_ sweep: LabSweep, width: Int) -> [String] {
        let label = 12
        let perBlock = max(1, (width - 2 - label) / 6)
        var out: [String] = []
        for (index, size) in sweep.guards.enumerated() {
            let points = sweep.line(index)
            for start in stride(from: 0, to: points.count, by: perBlock) {
                let block = points[start..<min(points.count, start + perBlock)]
                func figure(_ share: Double?) -> String { share.map { String(format: "%.1f", $0 * 100) } ?? "–" }
                out.append("  " + pad(guardName(size), label) + block.map { lpad("\($0.threshold)", 6) }.joined())
                out.append(
                    "  " + pad("precision %", label) + block.map { lpad(figure($0.counts.precision), 6) }.joined())
                out.append("  " + pad("recall %", label) + block.map { lpad(figure($0.counts.recall), 6) }.joined())
                out.append("")
            }
        }
        return out
    }

    /// One chart of the sweep: a metric against the threshold, a line per guard size.
    package static func chart(
        _ sweep: LabSweep, title: String, metric: KeyPath<LabCounts, Double?>, mark: (Double, String)?, width: Int,
        height: Int
    ) -> [String] {
        let series = sweep.guards.indices.map { index in
            LabCurve.Series(
                label: guardName(sweep.guards[index]),
                points: sweep.line(index).map { (Double($0.threshold), $0.counts[keyPath: metric]) })
        }
        let low = Double(sweep.thresholds.first ?? 0)
        let high = Double(sweep.thresholds.last ?? 100)
        let step = max(1, (sweep.thresholds.count + 5) / 6)
        let ticks = stride(from: 0, to: sweep.thresholds.count, by: step).map { Double(sweep.thresholds[$0]) }
        return LabCurve.lines(
            title: title, series: series, x: low...max(high, low + 1), ticks: ticks + [high],
            mark: mark.map { (x: $0.0, caption: $0.1) }, width: width, height: height)
    }

    /// The services side by side: the five classes as shares, precision, recall, and the threshold for the target.
    static func comparison(_ report: LabReport, width: Int) -> [String] {
        let services = report.services
        // Four services fit 80 columns: a 20-column label and 14 columns each.
        let label = 20
        let column = max(14, min(18, (width - 2 - label) / max(1, services.count)))
        var out = [
            "  " + pad("", label) + services.map { lpad(CompareColumn.title($0.service), column) }.joined()
        ]
        for outcome in LabOutcomeClass.allCases {
            out.append(
                "  " + pad(outcome.label, label)
                    + services.map { lpad(share($0.counts[outcome], of: $0.counts.installs), column) }.joined())
        }
        out.append(
            "  " + pad("precision", label) + services.map { lpad(percent($0.counts.precision), column) }.joined())
        out.append("  " + pad("recall", label) + services.map { lpad(percent($0.counts.recall), column) }.joined())
        out.append(
            "  " + pad("guard fired", label)
                + services.map { lpad(LabValue.grouped($0.guardFired), column) }.joined())
        if let maxWrong = report.model.maxWrong {
            out.append(
                "  " + pad("max-wrong \(LabValue.percent(maxWrong)) at", label)
                    + services.map { service in
                        lpad(service.sweep?.threshold(maxWrong: maxWrong).map { "\($0.threshold)" } ?? "none", column)
                    }.joined())
        }
        out.append("")
        for service in services {
            out += wrap("\(service.service.displayName): \(service.service.labSignals).", indent: "  ", width: width)
        }
        out.append("")
        out += wrap(
            "Every service's installs go through the same engine with only the signals its wire format carries: "
                + "this compares what each format makes possible, not the vendors' own algorithms. "
                + "One service in full: --provider NAME.", indent: "", width: width)
        return out
    }

    // MARK: Formatting

    /// `59.0%`, or `–` for none.
    static func percent(_ share: Double?) -> String {
        share.map { String(format: "%.1f%%", $0 * 100) } ?? "–"
    }

    static func share(_ count: Int, of total: Int) -> String {
        total > 0 ? percent(Double(count) / Double(total)) : "–"
    }

    private static func guardName(_ size: Int?) -> String { size.map { "guard \($0)" } ?? "no guard" }

    static func pad(_ text: String, _ count: Int) -> String {
        text.count >= count ? text + " " : text + String(repeating: " ", count: count - text.count)
    }

    static func lpad(_ text: String, _ count: Int) -> String {
        text.count >= count ? " " + text : String(repeating: " ", count: count - text.count) + text
    }

    /// `text` wrapped at `width` on spaces (never inside a number grouped as `1 000 000`), continuation lines
    /// indented two more.
    static func wrap(_ text: String, indent: String, width: Int = LabReportPrinter.width) -> [String] {
        var words: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            if let last = words.last, last.last?.isNumber == true, word.count >= 3,
                word.prefix(3).allSatisfy(\.isNumber), word.dropFirst(3).first?.isNumber != true
            {
                words[words.count - 1] = last + "\u{00A0}" + word
            } else {
                words.append(word)
            }
        }
        var out: [String] = []
        var line = indent
        for word in words {
            let lead = out.isEmpty ? indent : indent + "  "
            if line.count > lead.count, line.count + 1 + word.count > width {
                out.append(line)
                line = indent + "  "
            }
            line += (line == indent || line == indent + "  " ? "" : " ") + word
        }
        out.append(line)
        return out.map { $0.replacingOccurrences(of: "\u{00A0}", with: " ") }
    }
}

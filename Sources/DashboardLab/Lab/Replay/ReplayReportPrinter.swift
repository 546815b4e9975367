import DashboardCore

/// A replay's report as plain text lines: what was read, how production decided every open, how the
/// fingerprint chain alone decides the labeled ones (the five classes where they can be known, precision and
/// recall, by method), what the unlabeled opens got, the threshold sweep, and what the labeled subset may not
/// represent.
package enum ReplayReportPrinter {
    /// The whole report; `title` names the files (or the merged reports), `seconds` the run's time.
    package static func lines(
        _ report: ReplayReport, title: String, seconds: Double?, maxWrong: Double?,
        width: Int = LabReportPrinter.width
    ) -> [String] {
        typealias P = LabReportPrinter
        let policy = report.policy
        var scope = ""
        if let merged = report.mergedShards, let count = report.shard?.count {
            scope = " · shards \(merged.map(String.init).joined(separator: ", ")) of \(count) (not all)"
        } else if let shard = report.shard {
            scope = " · shard \(shard.description) (the addresses hashing to it)"
        }
        var out = P.wrap(
            "Match lab replay of \(title): \(LabValue.grouped(report.clicks)) clicks · "
                + "\(LabValue.grouped(report.opens)) first opens\(scope)", indent: "")
        out += P.wrap(
            "In process (the reference server's engine, OptoLink's /match) · threshold \(policy.threshold) · guard "
                + "\(policy.guardSize.map(String.init) ?? "off") · window "
                + "\(LabValue.duration(seconds: policy.windowSeconds))"
                + (policy.ipFallback ? "" : " · IP fallback off")
                + (seconds.map { " · " + String(format: "%.1f", $0) + " s" } ?? ""), indent: "")
        out.append("")
        var labeled =
            "Labeled (a clipboard token equal to a click's): \(LabValue.grouped(report.labeled)) of "
            + "\(LabValue.grouped(report.opens)) opens (\(P.share(report.labeled, of: report.opens)))."
        if report.unknownTokens > 0 {
            labeled += " \(LabValue.grouped(report.unknownTokens)) opens carried a token no click in the file has."
        }
        out += P.wrap(labeled, indent: "")
        out.append("")
        out.append("As production decided (tokens kept), every open:")
        out.append("  " + P.pad("method", 20) + P.lpad("opens", 12) + P.lpad("share", 9))
        for method in LabMethod.allCases {
            let count = report.production[method.key] ?? 0
            guard count > 0 else { continue }
            out.append(
                "  " + P.pad(method.key, 20) + P.lpad(LabValue.grouped(count), 12)
                    + P.lpad(P.share(count, of: report.opens), 9))
        }
        out.append(
            "  labeled opens matched to their own click: \(LabValue.grouped(report.productionLabeled.correct)) of "
                + "\(LabValue.grouped(report.labeled))")
        out.append("")
        out += P.wrap(
            "The fingerprint chain alone (P2 → P2.5 → P3, the labeled opens' tokens withheld), on the "
                + "\(LabValue.grouped(report.labeled)) labeled opens:", indent: "")
        let chain = report.chain
        out.append("  " + P.pad("outcome", 20) + P.lpad("opens", 12) + P.lpad("share", 9))
        for outcome in LabOutcomeClass.allCases {
            if outcome == .falseMatch || outcome == .correctNoMatch {
                out.append("  " + P.pad(outcome.label, 20) + P.lpad("unknown", 12) + "   (every labeled open clicked)")
                continue
            }
            out.append(
                "  " + P.pad(outcome.label, 20) + P.lpad(LabValue.grouped(chain[outcome]), 12)
                    + P.lpad(P.share(chain[outcome], of: chain.installs), 9))
        }
        var summary =
            "  precision \(P.percent(report.precision)) · recall \(P.percent(report.recall)) · wrong attributions "
            + "\(P.percent(report.wrongShare)) of \(LabValue.grouped(chain.matched)) matches"
        if report.chainGuardFired > 0 { summary += " · guard fired \(LabValue.grouped(report.chainGuardFired))×" }
        out.append(summary)
        out += [""] + P.table("by method", LabMethod.allCases.map { ($0.key, report.chainByMethod[$0.key]) })
        let unlabeled = report.opens - report.labeled
        if unlabeled > 0 {
            let matched = LabMethod.allCases.filter { $0 != .none }.compactMap { method in
                (report.chainUnlabeled[method.key] ?? 0) > 0
                    ? "\(method.key) \(LabValue.grouped(report.chainUnlabeled[method.key]!))" : nil
            }
            out.append("")
            out += P.wrap(
                "Unlabeled opens (\(LabValue.grouped(unlabeled))): the chain matched "
                    + "\(LabValue.grouped(unlabeled - (report.chainUnlabeled[LabMethod.none.key] ?? 0)))"
                    + (matched.isEmpty ? "" : " (" + matched.joined(separator: ", ") + ")")
                    + "; whether rightly is unknown (no token names their click, and some never clicked).",
                indent: "")
        }
        out.append("")
        out += P.wrap(
            "What the labeled opens may not represent: they are the installs whose SDK read the clipboard and "
                + "whose user allowed the paste, so they skew to users who accept prompts and to installs soon "
                + "after the click (before the pasteboard was overwritten); their devices, networks and delays "
                + "may differ from the unlabeled opens', and organic installs are never among them. Precision "
                + "and recall on them estimate the chain's accuracy for everyone; they do not measure it.",
            indent: "")
        if let sweep = report.sweep {
            out.append("")
            out += P.sweepLines(sweep, service: LabServiceReport(replay: report), maxWrong: maxWrong, width: width)
        }
        return out
    }
}

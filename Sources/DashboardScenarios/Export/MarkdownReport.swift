import DashboardCore

/// A Markdown report of a session to hand to a colleague: the target, every scenario's verdict with what it
/// expected and what happened (and its checklist, step by step), the retry timeline as text (one line per
/// request), and the match attempts
/// with the server's score breakdowns.
package enum MarkdownReport {
    /// The report for `state`.
    package static func markdown(_ state: DashboardState) -> String {
        var out = "# optolink-dash report\n\n"
        out += "- backend: \(state.header.targetURL.isEmpty ? "-" : state.header.targetURL)\n"
        out += "- service: \(state.header.provider.displayName)"
        // What the header shows beside the service: OptoLink's org, AppsFlyer's app id; the others have none.
        if !state.header.orgKey.isEmpty {
            out += " · \(state.header.provider == .appsFlyer ? "app" : "org"): \(state.header.orgKey)"
        }
        out += " · SDK \(state.header.sdkVersion.isEmpty ? "-" : state.header.sdkVersion)\n"
        out +=
            "- device: \(state.profile.deviceId.isEmpty ? "(not launched)" : state.profile.deviceId), "
            + "install #\(state.profile.installNumber)"
        if let first = state.profile.firstSeenAt {
            out += ", server first saw it \(first), last \(state.profile.lastSeenAt ?? "-")"
        }
        out += "\n\n## Scenarios\n\n"
        if state.scenarioResults.isEmpty {
            out += "No scenario ran.\n"
        } else {
            let passed = state.scenarioResults.filter { $0.verdict == .passed }.count
            let failed = state.scenarioResults.filter { $0.verdict == .failed }.count
            let skipped = state.scenarioResults.filter { $0.verdict == .skipped }.count
            out += "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "") + "\n\n"
            out += "| scenario | verdict | time | expected | observed |\n|---|---|---|---|---|\n"
            for result in state.scenarioResults {
                out +=
                    "| \(cell(result.name)) | \(result.verdict.rawValue) | \(formatDuration(result.duration)) | "
                    + "\(cell(result.expectation)) | \(cell(result.detail)) |\n"
            }
            let withSteps = state.scenarioResults.filter { !$0.steps.isEmpty }
            if !withSteps.isEmpty { out += "\n### Steps\n\n" }
            for result in withSteps {
                out +=
                    "- **\(result.name)** \(result.verdict.rawValue): "
                    + result.steps.map(\.listed).joined(separator: " · ") + "\n"
            }
        }
        out += "\n## Retry timeline\n\n"
        if state.timeline.isEmpty {
            out += "No requests.\n"
        } else {
            out += "```\n"
            for row in state.timeline {
                let at = LogPaneView.clockLabel(row.start ?? state.now, origin: state.origin)
                out += "\(at)  " + TimelineText.detail(row, now: state.now) + "\n"
            }
            out += "```\n"
        }
        out += "\n## Match attempts\n\n"
        if state.matchAttempts.isEmpty { out += "No match attempts.\n" }
        for attempt in state.matchAttempts {
            out +=
                "- **\(state.methodName(of: attempt))** \(attempt.confidence ?? "-")"
                + (attempt.score.map { " score \(formatScore($0))" } ?? "")
                + " → \(attempt.path ?? (attempt.matched ? "?" : noLink(attempt))) "
                + "(\(MatchesPaneView.timeLabel(attempt, origin: state.origin)))\n"
            guard let breakdown = attempt.breakdown else { continue }
            out +=
                "  - threshold \(breakdown.threshold), guard \(breakdown.guardFired ? "FIRED" : "not fired")"
                + (breakdown.candidates.isEmpty ? ", no candidate clicks" : "") + "\n"
            for candidate in breakdown.candidates {
                out +=
                    "  - `\(candidate.shortCode)` \(candidate.path): " + describe(candidate)
                    + (candidate.total >= breakdown.threshold ? " ≥ " : " < ") + "\(breakdown.threshold)\n"
            }
        }
        return out
    }

    /// What a row without a link led to: the service's `no match`, or `no link` when no answer came.
    private static func noLink(_ attempt: MatchAttempt) -> String {
        attempt.withoutMatchAnswer == nil ? "no match" : "no link"
    }

    /// Text safe inside a Markdown table cell.
    static func cell(_ text: String) -> String {
        String(text.map { $0 == "|" ? "/" : $0 == "\n" ? " " : $0 })
    }
}

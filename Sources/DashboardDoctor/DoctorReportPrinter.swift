import DashboardCore

/// The human form of a ``DoctorReport``: a heading, one aligned line per check (mark, title, what was seen),
/// an indented `fix:` line under each failure and warning, and the totals.
///
/// ```
/// optolink-dash doctor: https://links.example.com (org abcd)
///
/// ✔ host answers        GET /health → 200 in 31 ms
/// ✘ AASA Content-Type   text/plain
///                       fix: serve the file with Content-Type: application/json …
/// ```
///
/// Colour (ANSI: green ✔, yellow ⚠, red ✘, dim –) only when asked for: the command asks when stdout is a
/// terminal and `NO_COLOR` is not set.
package enum DoctorReportPrinter {
    /// Whether to colour, by the usual rule: stdout is a terminal and `NO_COLOR` is unset or empty.
    package static func wantsColor(stdoutIsTerminal: Bool, environment: [String: String]) -> Bool {
        stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The report as lines (no trailing newlines).
    package static func lines(_ report: DoctorReport, color: Bool) -> [String] {
        let width = report.checks.map(\.title.count).max() ?? 0
        let indent = String(repeating: " ", count: width + 5)
        var lines = ["optolink-dash doctor: \(report.target)", ""]
        for check in report.checks {
            let title = check.title.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(paint("\(check.status.mark) \(title)", check.status, color) + "   " + check.detail)
            if let fix = check.fix, check.status == .fail || check.status == .warn {
                lines.append(indent + paint("fix:", check.status, color) + " " + fix)
            }
        }
        lines.append("")
        lines.append(report.reachable ? report.summary.line : report.summary.line + " (the host did not answer)")
        return lines
    }

    private static func paint(_ text: String, _ status: DoctorStatus, _ color: Bool) -> String {
        guard color else { return text }
        let code =
            switch status {
            case .pass: "32"
            case .warn: "33"
            case .fail: "31"
            case .skip: "2"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}

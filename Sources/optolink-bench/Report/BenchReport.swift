import Foundation

/// The Markdown report: date, machine, the table and the notes.
struct BenchReport {
    var mode: String
    var rows: [BenchRow]
    var notes: [String]
    var started: Date
    var seconds: Double
    /// 1-minute load average when the run started and when it ended (other work on the machine).
    var loadAtStart: String
    var loadAtEnd: String

    /// The machine line: `nproc`, memory, CPU model.
    static func machine() -> String {
        let memory = ProcFS.memoryTotalBytes().map { String(format: "%.1f GiB", $0 / 1_073_741_824) } ?? "unknown"
        let cpu = ProcFS.cpuModel() ?? "unknown CPU"
        return "nproc \(ProcessInfo.processInfo.activeProcessorCount), memory \(memory) (MemTotal), \(cpu), "
            + ProcessInfo.processInfo.operatingSystemVersionString
    }

    /// The table alone.
    var table: String {
        func escape(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var lines = ["| Measure | Ours | Baseline | Ratio | Goal | Met? |", "|---|---|---|---|---|---|"]
        for row in rows {
            lines.append(
                "| "
                    + [row.measure, row.ours, row.baseline, row.ratio, row.goal, row.verdict.text].map(escape).joined(
                        separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// The whole document.
    var markdown: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let met = rows.filter { $0.verdict == .met }.count
        let missed = rows.filter { $0.verdict == .missed }.count
        let skipped = rows.filter { $0.verdict == .notMeasured }.count
        return """
            # optolink-bench results

            - Date: \(formatter.string(from: started)) (run took \(String(format: "%.0f", seconds)) s, mode: \(mode))
            - Machine: \(Self.machine())
            - Load average (1 min) at start \(loadAtStart), at end \(loadAtEnd): on a shared 2-core machine, \
            rows 1b, 2, 4 and 5 move with it
            - Goals: \(met) met, \(missed) missed, \(skipped) not measured (of \(rows.count) rows)

            \(table)

            ## How each row was measured

            \(notes.map { "- " + $0 }.joined(separator: "\n"))

            """
    }
}

import Foundation
import OptoLinkDashboard

/// Measure 9d: the lab on recorded data at scale. A child process writes `clicks` clicks and as many first opens
/// as two CSV files in no time order (``ReplayFiles``), then another runs `optolink-dash lab --clicks … --opens …
/// --no-sweep`'s code path on them: wall time and peak RSS of the replay alone (reading, sorting, both passes,
/// the report). Goals: under 5 minutes and 2 GB for ten million of each on this 2-core machine.
enum ReplayBench {
    static let measure = "9d. Lab on recorded data: 10 000 000 clicks + 10 000 000 opens, both passes"
    static let goalSeconds = 300.0
    static let goalBytes = 2e9

    /// The child that writes the files: `--child-replay-files N DIR`.
    static func filesChild(rows: Int, folder: String) {
        do {
            try ReplayFiles.write(rows: rows, clicks: folder + "/clicks.csv", opens: folder + "/opens.csv")
            print("FILES ok")
        } catch {
            print("FILES failed \(error)")
        }
    }

    /// The child that replays them: `--child-replay DIR`; prints `REPLAY seconds=… peak=… code=…`.
    static func child(folder: String) async {
        let started = Stopwatch.now()
        let code = await LabCommand.run(
            arguments: ["--clicks", folder + "/clicks.csv", "--opens", folder + "/opens.csv", "--no-sweep", "--json"],
            currentDirectory: folder, executablePath: nil, out: { _ in },
            err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        let seconds = Stopwatch.now() - started
        print("REPLAY seconds=\(seconds) peak=\(Int(ProcFS.peakResidentBytes() ?? 0)) code=\(code)")
    }

    static func run(rows: Int) -> MeasureResult {
        let goal = "< \(Int(goalSeconds / 60)) min, < 2 GB"
        let name = rows == 10_000_000 ? measure : "9d. Lab on recorded data: \(Format.grouped(rows)) clicks + opens"
        let folder = NSTemporaryDirectory() + "optolink-replay-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
            let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        else {
            return MeasureResult(rows: [.notMeasured(name, goal: goal, reason: "no temporary folder")], notes: [])
        }
        let writeStarted = Stopwatch.now()
        guard let written = try? Spawn.run([executable, "--child-replay-files", "\(rows)", folder]),
            written.output.contains("FILES ok")
        else {
            return MeasureResult(
                rows: [.notMeasured(name, goal: goal, reason: "the files could not be written")], notes: [])
        }
        let writeSeconds = Stopwatch.now() - writeStarted
        func size(_ name: String) -> Double {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            return (attributes?[.size] as? NSNumber)?.doubleValue ?? 0
        }
        let bytes = size("clicks.csv") + size("opens.csv")
        guard let output = try? Spawn.run([executable, "--child-replay", folder]),
            let line = output.output.split(separator: "\n").first(where: { $0.hasPrefix("REPLAY ") })
        else {
            return MeasureResult(
                rows: [.notMeasured(name, goal: goal, reason: "the child process did not report")], notes: [])
        }
        let values = ReportLine.values(line)
        let seconds = values["seconds"] ?? .infinity
        let peak = values["peak"] ?? .infinity
        let met = seconds < goalSeconds && peak < goalBytes && values["code"] == 0
        let row = BenchRow(
            measure: name, ours: "\(Format.duration(seconds)), peak RSS \(Format.megabytes(peak))", baseline: "—",
            ratio: "—", goal: goal, verdict: met ? .met : .missed)
        let note =
            "Lab on recorded data: `optolink-bench --child-replay-files \(rows)` writes \(Format.grouped(rows)) clicks "
            + "and \(Format.grouped(rows)) first opens (\(Format.megabytes(bytes)) of CSV, rows in no time order, "
            + "\(Format.duration(writeSeconds)) to write; 80 % of opens follow a click, 40 % of those carry its token) "
            + "to a temporary folder; `--child-replay` then runs `LabCommand.run --clicks … --opens … --no-sweep "
            + "--json` on them: reading and labeling, the sort by time, the production and chain-alone passes side by "
            + "side on the 2 cores, the report. Wall time of that command and the child's peak resident set (VmHWM). "
            + "The sweep is off: each of its runs costs one more pass."
        return MeasureResult(rows: [row], notes: [note])
    }
}

import DashboardLab
import Foundation
import OptoLinkDashboard
import OptoLinkLabEngine
import OptoLinkServer

/// Measure 9: the match lab's in-process engine. 9a: installs per second of a whole lab run (population,
/// engine, report) as a ratio to measure 5's raw engine rate taken in the same run; 9b: the default lab with one
/// million installs, in a child process (`optolink-dash lab --installs 1000000`'s code path): wall time and peak
/// RSS; 9c: the wire engine's installs per second against the bare `/match` rate of row 4b, taken in the same run
/// (reported, no goal).
enum LabBench {
    static let ratioMeasure = "9a. Match lab in process: installs/s vs the raw match engine (measure 5's rate)"
    static let millionMeasure = "9b. Match lab in process, 1 000 000 installs (optolink-dash lab --installs 1000000)"
    /// The lab's bookkeeping (population, addresses, signals, outcomes, report) may cost at most what the
    /// matching costs: half the raw engine's rate.
    static let wireMeasure = "9c. Match lab through the wire: installs/s vs the bare POST /match rate (row 4b's load)"
    static let goalRatio = 0.5
    static let goalSeconds = 60.0
    static let goalBytes = 1e9

    /// 9c: a default-model population of `installs` through ``WireLabEngine`` (OptoLink), then row 4b's `/match`
    /// load for 5 s on a fresh server; installs per second as a ratio to the requests per second.
    static func wireRow(installs: Int) async -> (row: BenchRow, note: String) {
        var model = LabModel()
        model.installs = installs
        let population = LabPopulation.generate(model)
        let started = Stopwatch.now()
        let run = try? await WireLabEngine().run(LabJob(population: population, service: .optoLink)) { _ in }
        let seconds = Stopwatch.now() - started
        let bare = try? ThroughputBench.bareMatch(seconds: 5)
        guard run != nil, let bare else {
            let reason = run == nil ? "the wire run failed" : "wrk could not load /match"
            return (.notMeasured(wireMeasure, goal: BenchRow.noGoal, reason: reason), "9c: \(reason).")
        }
        let rate = Double(installs) / seconds
        let row = BenchRow(
            measure: wireMeasure,
            ours:
                "\(Format.rate(rate, unit: " installs/s")) (\(Format.grouped(installs)) installs in "
                + "\(Format.duration(seconds)))",
            baseline: "\(Format.rate(bare.requestsPerSecond, unit: " req/s")) (row 4b's POST /match, wrk, same run)",
            ratio: Format.ratio(rate / max(bare.requestsPerSecond, 1e-9)), goal: BenchRow.noGoal, verdict: .info)
        let note =
            "Match lab through the wire: the default lab with \(Format.grouped(installs)) installs and "
            + "\(Format.grouped(population.clickCount)) clicks, OptoLink, through `WireLabEngine` (an "
            + "embedded reference "
            + "server on the lab's clock; each click a simulated Safari's GET of the redirect page, each "
            + "first open the real "
            + "SDK's first launch and the server's `/dev/match-attempts` record of it, one event at a "
            + "time). Baseline: row 4b's "
            + "load (`ThroughputBench.bareMatch`: wrk, 2 threads, 32 keep-alive connections, 5 s) on a "
            + "fresh embedded server "
            + "right after, \(bare.requests) requests. An install costs its click, its abandoned clicks' "
            + "share, an SDK start, "
            + "a `/match` and the attempt read, sequentially: the ratio says how far one simulated user at "
            + "a time is from the "
            + "server's capacity."
        return (row, note)
    }

    /// The child: runs the lab command with `installs` installs, prints `LAB seconds=… peak=… code=…`.
    static func child(installs: Int) async {
        let started = Stopwatch.now()
        let code = await LabCommand.run(
            arguments: ["--installs", "\(installs)"], currentDirectory: FileManager.default.currentDirectoryPath,
            executablePath: nil, out: { _ in }, err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        let seconds = Stopwatch.now() - started
        print("LAB seconds=\(seconds) peak=\(Int(ProcFS.peakResidentBytes() ?? 0)) code=\(code)")
    }

    static func run(installs: Int, matches: Int, million: Int, wireInstalls: Int) async -> MeasureResult {
        var rows: [BenchRow] = []
        var notes: [String] = []
        let wire = await wireRow(installs: wireInstalls)
        rows.append(wire.row)
        notes.append(wire.note)

        // 9a: the raw engine before and after the lab, the lab between.
        let before = MatchEngineThroughput.run(
            addresses: 10_000, candidatesPerAddress: 50, matches: matches)
        var model = LabModel()
        model.installs = installs
        let started = Stopwatch.now()
        let result = try? await LabSession(model: model, services: [.optoLink], sweep: false).run()
        let labSeconds = Stopwatch.now() - started
        let after = MatchEngineThroughput.run(
            addresses: 10_000, candidatesPerAddress: 50, matches: matches)
        let raw = (before.matchesPerSecond + after.matchesPerSecond) / 2
        if let result {
            let rate = Double(installs) / labSeconds
            let ratio = raw > 0 ? rate / raw : 0
            let engineSeconds = result.runs.first?.seconds ?? 0
            rows.append(
                BenchRow(
                    measure: ratioMeasure,
                    ours:
                        "\(Format.rate(rate, unit: " installs/s")) (\(Format.grouped(installs)) installs in "
                        + "\(Format.duration(labSeconds)))",
                    baseline: "\(Format.rate(raw, unit: " matches/s")) (measure 5's engine, before and after)",
                    ratio: Format.ratio(ratio), goal: "≥ \(Format.ratio(goalRatio)) raw",
                    verdict: ratio >= goalRatio ? .met : .missed))
            notes.append(
                "Match lab in process: the default lab (labs/default.lab) with \(Format.grouped(installs)) "
                    + "installs and "
                    + "\(Format.grouped(result.population.clickCount)) clicks, OptoLink, no sweep, through "
                    + "`LabSession` (the population "
                    + "drawn, every click and first open through `DirectMatcher`, the report tallied): "
                    + "\(Format.duration(labSeconds)) in all, of which the engine's event loop "
                    + "\(Format.duration(engineSeconds)). "
                    + "Baseline: `MatchEngineThroughput.run` (measure 5's workload, \(Format.grouped(matches)) "
                    + "fingerprint-only requests against 50 clicks per address), run just before and just after; "
                    + "\(Format.rate(before.matchesPerSecond, unit: "/s")) and "
                    + "\(Format.rate(after.matchesPerSecond, unit: "/s")), "
                    + "their mean is the baseline. An install costs a click (and its abandoned clicks' "
                    + "share), a first open "
                    + "and the lab's bookkeeping; the goal says the bookkeeping costs at most as much as the matching.")
        } else {
            rows.append(.notMeasured(ratioMeasure, goal: "≥ \(Format.ratio(goalRatio)) raw", reason: "the lab failed"))
        }

        // 9b: a million installs in a child process, for its own peak RSS.
        let goal = "< \(Int(goalSeconds)) s, < 1 GB"
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
            let output = try? Spawn.run([executable, "--child-lab", "\(million)"]),
            let line = output.output.split(separator: "\n").first(where: { $0.hasPrefix("LAB ") })
        else {
            rows.append(.notMeasured(millionMeasure, goal: goal, reason: "the child process did not report"))
            return MeasureResult(rows: rows, notes: notes)
        }
        let values = ReportLine.values(line)
        let seconds = values["seconds"] ?? .infinity
        let peak = values["peak"] ?? .infinity
        let met = seconds < goalSeconds && peak < goalBytes && values["code"] == 0
        rows.append(
            BenchRow(
                measure: million == 1_000_000
                    ? millionMeasure : "9b. Match lab in process, \(Format.grouped(million)) installs",
                ours: "\(Format.duration(seconds)), peak RSS \(Format.megabytes(peak))",
                baseline: "—", ratio: "—", goal: goal, verdict: met ? .met : .missed))
        notes.append(
            "Match lab, \(Format.grouped(million)) installs: `optolink-bench --child-lab \(million)` runs "
                + "`LabCommand.run` with "
                + "`--installs \(million)` (the default lab: the population, the main run, the threshold "
                + "sweep of 11 thresholds "
                + "× 2 guard lines on a 20 000-install population, the report), two runs at a time on the 2 "
                + "cores; wall "
                + "time of the whole command, and the child's peak resident set (VmHWM).")
        return MeasureResult(rows: rows, notes: notes)
    }
}

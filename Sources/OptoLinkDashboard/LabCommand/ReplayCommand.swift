import DashboardCommandLine
import DashboardCore
import DashboardLab
import DashboardProxy
import DashboardScenarios
import Foundation
import OptoLinkToolSupport

/// The lab on recorded data (docs/lab.md, "The lab on your own data"):
///
/// - `optolink-dash lab [FILE] --clicks CLICKS.csv --opens OPENS.csv [--shard I/N] [--set backend.…] [--json]
///   [--csv FILE] [--svg FILE] [--no-sweep] [--max-wrong P%]` replays them twice (tokens kept; the labeled opens'
///   tokens withheld) and reports the fingerprint chain's precision and recall on the labeled opens;
/// - `optolink-dash lab [FILE] --export-clicks FILE --export-opens FILE` writes the lab's simulated population
///   in those formats;
/// - `optolink-dash lab merge A.json B.json … [--json] [--svg FILE] [--max-wrong P%]` adds shards' `--json`
///   reports into one.
///
/// Exit codes as the lab's: 0 done, 1 `--max-wrong` not met, 2 bad arguments or a bad file (one line naming the
/// file, line and column), 3 an export could not be written.
package enum ReplayCommand {
    /// Runs the command when `arguments` ask for a replay, an export or a merge; nil when they do not (the
    /// simulated lab runs).
    package static func run(
        arguments: [String], currentDirectory: String, executablePath: String?,
        progress: (@Sendable (LabProgress) -> Void)? = nil,
        out: @Sendable (String) -> Void, err: @Sendable (String) -> Void
    ) async -> Int32? {
        let parsed: ParsedArguments
        do {
            parsed = try DashCommands.parse(arguments, as: DashCommands.lab)
        } catch {
            err("optolink-dash \(arguments.first == "merge" ? DashCommands.labMerge : DashCommands.lab): \(error)")
            return LabCommand.ExitCode.usage
        }
        if parsed.command == DashCommands.labMerge {
            return merge(parsed, currentDirectory: currentDirectory, out: out, err: err)
        }
        let flags = ["--clicks", "--opens", "--export-clicks", "--export-opens", "--shard"]
        let files = Dictionary(uniqueKeysWithValues: flags.compactMap { flag in parsed.text(flag).map { (flag, $0) } })
        guard !files.isEmpty else { return nil }
        func path(_ file: String) -> String { file.hasPrefix("/") ? file : currentDirectory + "/" + file }
        let options: LabOptions
        let model: LabModel
        var shard: ReplayShard?
        do {
            guard case .run(let parsed) = try LabOptions.parse(parsed) else {
                out(LabOptions.usage)
                return LabCommand.ExitCode.done
            }
            options = parsed
            if options.engine == .wire || options.baseURL != nil {
                throw DashboardError.usage(
                    "recorded clicks and opens replay in process only (--engine wire simulates devices)")
            }
            if options.services != [.optoLink] {
                throw DashboardError.usage(
                    "recorded clicks and opens are OptoLink's (/match with its token and fields): --provider and "
                        + "--compare do not apply")
            }
            if let text = files["--shard"] {
                guard let parsed = ReplayShard(text) else {
                    throw DashboardError.usage("--shard must be I/N with 1 ≤ I ≤ N, e.g. --shard 2/8, not '\(text)'")
                }
                shard = parsed
            }
            let exporting = files["--export-clicks"] != nil || files["--export-opens"] != nil
            let replaying = files["--clicks"] != nil || files["--opens"] != nil
            if exporting, replaying {
                throw DashboardError.usage(
                    "--export-clicks/--export-opens write a simulated population; "
                        + "--clicks/--opens read recorded data: one or the other")
            }
            if exporting, files["--export-clicks"] == nil || files["--export-opens"] == nil {
                throw DashboardError.usage("--export-clicks FILE and --export-opens FILE go together")
            }
            if replaying, files["--clicks"] == nil || files["--opens"] == nil {
                throw DashboardError.usage("--clicks FILE and --opens FILE go together")
            }
            if !replaying, shard != nil { throw DashboardError.usage("--shard goes with --clicks and --opens") }
            model = try LabFiles.load(options, currentDirectory: currentDirectory, executablePath: executablePath)
        } catch {
            err("optolink-dash lab: \(error)")
            return LabCommand.ExitCode.usage
        }
        if let clicks = files["--export-clicks"], let opens = files["--export-opens"] {
            do {
                try export(LabPopulation.generate(model), clicks: path(clicks), opens: path(opens))
            } catch {
                err("optolink-dash lab: cannot write the export: \(error)")
                return LabCommand.ExitCode.export
            }
            return LabCommand.ExitCode.done
        }
        let clicksFile = files["--clicks"]!
        let opensFile = files["--opens"]!
        var loader = ReplayLoader(shard: shard)
        do {
            try loader.read(path: path(clicksFile), as: .clicks)
            try loader.read(path: path(opensFile), as: .opens)
        } catch {
            err("optolink-dash lab: \(error.message.replacingOccurrences(of: currentDirectory + "/", with: ""))")
            return LabCommand.ExitCode.usage
        }
        let data = loader.done()
        let began = Date()
        let result: ReplaySession.Result
        do {
            result = try await ReplaySession(data: data, model: model, sweep: !options.noSweep, shard: shard)
                .run(progress: progress ?? { _ in })
        } catch {
            err("optolink-dash lab: \(error)")
            return LabCommand.ExitCode.usage
        }
        let title = "\(clicksFile) and \(opensFile)"
        emit(
            result.report, title: title, seconds: Date().timeIntervalSince(began), model: model, json: options.json,
            out: out)
        do {
            if let csv = options.csvPath { try writeCSV(result, data: data, to: path(csv)) }
            if let svg = options.svgPath { try writeSVG(result.report, model: model, to: path(svg)) }
        } catch {
            err("optolink-dash lab: cannot write the export: \(error)")
            return LabCommand.ExitCode.export
        }
        return missed(result.report, model.maxWrong) ? LabCommand.ExitCode.targetMissed : LabCommand.ExitCode.done
    }

    /// `merge A.json B.json …`.
    private static func merge(
        _ parsed: ParsedArguments, currentDirectory: String, out: @Sendable (String) -> Void,
        err: @Sendable (String) -> Void
    ) -> Int32 {
        if parsed.has("--help") {
            out(DashCommands.usage(DashCommands.labMerge))
            return LabCommand.ExitCode.done
        }
        let json = parsed.has("--json")
        let svg = parsed.text("--svg")
        var maxWrong: Double?
        let paths = parsed.positionals
        var reports: [ReplayReport] = []
        do {
            if var text = parsed.text("--max-wrong") {
                if !text.hasSuffix("%") { text += "%" }
                guard let value = Double(text.dropLast()), value >= 0, value <= 100 else {
                    throw DashboardError.usage("--max-wrong must be a percentage such as 1%, not '\(text)'")
                }
                maxWrong = value / 100
            }
            guard !paths.isEmpty else {
                throw DashboardError.usage("merge needs the --json reports of the shards: lab merge A.json B.json …")
            }
            for file in paths {
                let full = file.hasPrefix("/") ? file : currentDirectory + "/" + file
                let data: Data
                do {
                    data = Data(try UserFile.read(full, limit: LabFiles.maxFileBytes))
                } catch {
                    throw DashboardError.usage("\(file): cannot read the report: \(error.reason)")
                }
                do {
                    reports.append(try JSONDecoder().decode(ReplayReport.self, from: data))
                } catch {
                    throw DashboardError.usage(
                        "\(file): expected the JSON of optolink-dash lab --clicks … --opens … --json")
                }
            }
        } catch {
            err("optolink-dash lab merge: \(error)")
            return LabCommand.ExitCode.usage
        }
        let merged: ReplayReport
        do {
            merged = try ReplayReport.merged(reports)
        } catch {
            err("optolink-dash lab merge: \(error)")
            return LabCommand.ExitCode.usage
        }
        var model = LabModel()
        model.maxWrong = maxWrong
        model.policy = merged.policy.policy
        emit(merged, title: paths.joined(separator: ", "), seconds: nil, model: model, json: json, out: out)
        if let svg {
            do {
                try writeSVG(merged, model: model, to: svg.hasPrefix("/") ? svg : currentDirectory + "/" + svg)
            } catch {
                err("optolink-dash lab merge: cannot write the export: \(error)")
                return LabCommand.ExitCode.export
            }
        }
        return missed(merged, maxWrong) ? LabCommand.ExitCode.targetMissed : LabCommand.ExitCode.done
    }

    /// The report's JSON: every count, pretty-printed with sorted keys (what `merge` reads).
    package static func json(_ report: ReplayReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func emit(
        _ report: ReplayReport, title: String, seconds: Double?, model: LabModel, json: Bool,
        out: @Sendable (String) -> Void
    ) {
        if json {
            out(Self.json(report))
        } else {
            for line in ReplayReportPrinter.lines(report, title: title, seconds: seconds, maxWrong: model.maxWrong) {
                out(line)
            }
        }
    }

    private static func missed(_ report: ReplayReport, _ maxWrong: Double?) -> Bool {
        guard let maxWrong else { return false }
        return (report.wrongShare ?? 0) > maxWrong + 1e-12
    }

    /// Writes the population's clicks and opens files.
    private static func export(_ population: LabPopulation, clicks: String, opens: String) throws(DashboardError) {
        let clickFile = try ReplayFileWriter(path: clicks)
        let openFile = try ReplayFileWriter(path: opens)
        do {
            try ReplayExport.write(population, clicks: { try clickFile.write($0) }, opens: { try openFile.write($0) })
        } catch let error as DashboardError {
            throw error
        } catch {
            throw .backend("\(error)")
        }
        try clickFile.close()
        try openFile.close()
    }

    /// One row per open: its ids, its label and both passes' decisions.
    private static func writeCSV(_ result: ReplaySession.Result, data: ReplayData, to path: String)
        throws(DashboardError)
    {
        let file = try ReplayFileWriter(path: path)
        try file.write(
            ReplayCSVWriter.line([
                "open_id", "time", "address", "click_id", "production_click", "production_method", "chain_click",
                "chain_method", "chain_score", "chain_guard_fired", "outcome",
            ]))
        func click(_ index: Int?) -> String { index.map { data.clicks.ids[$0] } ?? "" }
        for open in 0..<data.opens.count {
            let label = data.labels[open]
            let kept = result.production[open]
            let alone = result.chainOnly[open]
            try file.write(
                ReplayCSVWriter.line([
                    data.opens.ids[open], ReplayCSVWriter.time(data.opens.times[open]),
                    data.addresses[Int(data.opens.addresses[open])], click(label < 0 ? nil : Int(label)),
                    click(kept.matchedClick), kept.method.key, click(alone.matchedClick), alone.method.key,
                    alone.score.map(String.init) ?? "", alone.guardFired ? "true" : "false",
                    label < 0 ? "" : LabOutcomeClass(truth: Int(label), matched: alone.matchedClick).key,
                ]))
        }
        try file.close()
    }

    private static func writeSVG(_ report: ReplayReport, model: LabModel, to path: String) throws(DashboardError) {
        let lab = LabReport(
            model: model, installs: report.labeled, organic: 0, clicks: report.clicks,
            services: [LabServiceReport(replay: report)], seconds: 0)
        let file = try ReplayFileWriter(path: path)
        try file.write(LabSVG.document(lab))
        try file.close()
    }
}

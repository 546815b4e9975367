import DashboardCore
import DashboardLab
import DashboardScenarios
import DashboardSessions
import Foundation
import OptoLinkToolSupport

/// `optolink-dash lab …`: reads the lab, runs it, prints the report (or `--json`), writes the exports.
///
/// ```swift
/// let code = await LabCommand.run(arguments: ["--compare"],
///                                 currentDirectory: FileManager.default.currentDirectoryPath,
///                                 executablePath: Bundle.main.executablePath,
///                                 out: { print($0) },
///                                 err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
/// ```
package enum LabCommand {
    /// The codes of the one table (``ExitStatus``) this command returns.
    package enum ExitCode {
        /// The report was printed (and the target, if any, met).
        package static let done = ExitStatus.done.rawValue
        /// `--max-wrong` was not met at the lab's own threshold by some service.
        package static let targetMissed = ExitStatus.verdictFailed.rawValue
        /// Bad arguments, a lab file that cannot be read or used, or a lab the wire engine cannot run.
        package static let usage = ExitStatus.badInput.rawValue
        /// An export could not be written.
        package static let export = ExitStatus.exportFailed.rawValue
    }

    /// Runs the command.
    /// - Parameters:
    ///   - arguments: what follows `lab` on the command line.
    ///   - currentDirectory: where `labs/NAME.lab` is looked for first.
    ///   - executablePath: where it is looked for next (beside the executable and its `labs/`).
    ///   - reportWidth: the report's columns (``LabReportPrinter/width(terminalColumns:columnsVariable:)``;
    ///     default 80).
    ///   - progress: called with the run's progress (for a terminal's status line); nil for none.
    ///   - out: writes one line of stdout (the report, the help, or the JSON).
    ///   - err: writes one line of stderr.
    /// - Returns: the exit code (``ExitCode``).
    package static func run(
        arguments: [String], currentDirectory: String, executablePath: String?,
        reportWidth: Int = LabReportPrinter.width, progress: (@Sendable (LabProgress) -> Void)? = nil,
        out: @Sendable (String) -> Void, err: @Sendable (String) -> Void
    ) async -> Int32 {
        if let code = await ReplayCommand.run(
            arguments: arguments, currentDirectory: currentDirectory, executablePath: executablePath,
            progress: progress, out: out, err: err)
        {
            return code
        }
        let options: LabOptions
        let model: LabModel
        do {
            switch try LabOptions.parse(arguments) {
            case .help:
                out(LabOptions.usage)
                return ExitCode.done
            case .run(let parsed):
                options = parsed
            }
            model = try LabFiles.load(options, currentDirectory: currentDirectory, executablePath: executablePath)
            if options.engine == .wire, !options.printLab {
                if let refusal = WireLabEngine.refusal(model) { throw DashboardError.usage(refusal) }
                if let baseURL = options.baseURL,
                    let refusal = await WireLabEngine.refusal(baseURL: baseURL, model: model)
                {
                    throw DashboardError.usage(refusal)
                }
            }
        } catch {
            err("optolink-dash lab: \(error)")
            return ExitCode.usage
        }
        if options.printLab {
            let title =
                "Match lab \"\(model.name)\" with every key at the value it resolves to (optolink-dash lab "
                + "--print-lab).\n"
                + "Keys, defaults and where each number comes from: docs/lab.md."
            out(String(LabFileParser.write(model, title: title).dropLast()))
            return ExitCode.done
        }
        let engine: any LabEngine =
            options.engine == .wire ? WireLabEngine(baseURL: options.baseURL) : InProcessLabEngine()
        let session = LabSession(model: model, services: options.services, engine: engine, sweep: !options.noSweep)
        let recording: LabRecording?
        do {
            recording = try LabRecording(options, model: model)
        } catch {
            err("optolink-dash lab: \(error)")
            return error.exitStatus.rawValue
        }
        let result: LabSession.Result
        do {
            result = try await session.run(progress: progress ?? { _ in })
        } catch {
            recording?.apply(.lab(.failed("\(error)")))
            recording?.file.close()
            err("optolink-dash lab: \(error)")
            return ExitCode.usage
        }
        recording?.apply(.lab(.finished(LabViewResult(result))))
        let recorded =
            recording?.file.finish(
                command: "optolink-dash lab", reopening: "shows it in the Lab view",
                write: { err("optolink-dash lab: " + $0) }, errors: err) ?? ExitCode.done
        if options.json {
            out(LabSummary.json(result.report))
        } else {
            for line in LabReportPrinter.lines(result.report, width: reportWidth) { out(line) }
        }
        do {
            if let path = options.csvPath {
                var csv = Data()
                LabCSV.write(result.runs) { csv.append(contentsOf: $0.utf8) }
                try ExportWriter.write(csv, to: path)
            }
            if let path = options.svgPath {
                try ExportWriter.write(Data(LabSVG.document(result.report).utf8), to: path)
            }
        } catch {
            err("optolink-dash lab: cannot write the export \(error)")
            return ExitCode.export
        }
        if recorded != ExitCode.done { return recorded }
        if let maxWrong = model.maxWrong,
            result.report.services.contains(where: { ($0.counts.wrongShare ?? 0) > maxWrong + 1e-12 })
        {
            return ExitCode.targetMissed
        }
        return ExitCode.done
    }
}

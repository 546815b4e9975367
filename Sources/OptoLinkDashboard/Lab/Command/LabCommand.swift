import Foundation

/// `optolink-dash lab …`: reads the lab, runs it, prints the report (or `--json`), writes the exports.
///
/// ```swift
/// let code = await LabCommand.run(arguments: ["--compare"], currentDirectory: FileManager.default.currentDirectoryPath,
///                                 executablePath: Bundle.main.executablePath,
///                                 out: { print($0) }, err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
/// ```
package enum LabCommand {
    /// Exit codes.
    package enum ExitCode {
        /// The report was printed (and the target, if any, met).
        package static let done: Int32 = 0
        /// `--max-wrong` was not met at the lab's own threshold by some service.
        package static let targetMissed: Int32 = 1
        /// Bad arguments, a lab file that cannot be read or used, or a lab the wire engine cannot run.
        package static let usage: Int32 = 2
        /// An export could not be written.
        package static let export: Int32 = 3
    }

    /// Runs the command.
    /// - Parameters:
    ///   - arguments: what follows `lab` on the command line.
    ///   - currentDirectory: where `labs/NAME.lab` is looked for first.
    ///   - executablePath: where it is looked for next (beside the executable and its `labs/`).
    ///   - progress: called with the run's progress (for a terminal's status line); nil for none.
    ///   - out: writes one line of stdout (the report, the help, or the JSON).
    ///   - err: writes one line of stderr.
    /// - Returns: the exit code (``ExitCode``).
    package static func run(
        arguments: [String], currentDirectory: String, executablePath: String?,
        progress: (@Sendable (LabProgress) -> Void)? = nil,
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
            model = try load(options, currentDirectory: currentDirectory, executablePath: executablePath)
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
                "Match lab \"\(model.name)\" with every key at the value it resolves to (optolink-dash lab --print-lab).\n"
                + "Keys, defaults and where each number comes from: docs/lab.md."
            out(String(LabFileParser.write(model, title: title).dropLast()))
            return ExitCode.done
        }
        let engine: any LabEngine =
            options.engine == .wire ? WireLabEngine(baseURL: options.baseURL) : InProcessLabEngine()
        let session = LabSession(model: model, services: options.services, engine: engine, sweep: !options.noSweep)
        let result: LabSession.Result
        do {
            result = try await session.run(progress: progress ?? { _ in })
        } catch {
            err("optolink-dash lab: \(error)")
            return ExitCode.usage
        }
        if options.json {
            out(LabSummary.json(result.report))
        } else {
            for line in LabReportPrinter.lines(result.report) { out(line) }
        }
        do {
            if let path = options.csvPath { try writeCSV(result.runs, to: path) }
            if let path = options.svgPath {
                try Data(LabSVG.document(result.report).utf8).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            err("optolink-dash lab: cannot write the export: \(error.localizedDescription)")
            return ExitCode.export
        }
        if let maxWrong = model.maxWrong,
            result.report.services.contains(where: { ($0.counts.wrongShare ?? 0) > maxWrong + 1e-12 })
        {
            return ExitCode.targetMissed
        }
        return ExitCode.done
    }

    /// The model the options describe: the file (or the defaults) with the settings applied.
    /// - Throws: ``DashboardError`` when the file cannot be found or read, or has a problem.
    package static func load(_ options: LabOptions, currentDirectory: String, executablePath: String?)
        throws(DashboardError) -> LabModel
    {
        guard let file = options.file else {
            return try LabFileParser.load(text: nil, file: "default", name: "default", settings: options.settings)
        }
        let searched = searchPaths(for: file, currentDirectory: currentDirectory, executablePath: executablePath)
        guard let path = searched.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw .lab("lab file '\(file)' not found (looked for \(searched.joined(separator: ", ")))")
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw .lab("\(path): cannot read the lab file as UTF-8 text")
        }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return try LabFileParser.load(text: text, file: path, name: name, settings: options.settings)
    }

    /// Where `file` may be: itself when it names a path or a `.lab` file, else `labs/NAME.lab` in the current
    /// directory, then beside the executable.
    package static func searchPaths(for file: String, currentDirectory: String, executablePath: String?) -> [String] {
        if file.contains("/") || file.hasSuffix(".lab") {
            return [file.hasPrefix("/") ? file : currentDirectory + "/" + file]
        }
        var paths = [currentDirectory + "/labs/\(file).lab"]
        if let executablePath {
            let folder = (executablePath as NSString).deletingLastPathComponent
            paths += [folder + "/labs/\(file).lab", folder + "/\(file).lab"]
        }
        return paths
    }

    /// Writes the CSV to `path`, streaming.
    private static func writeCSV(_ runs: [LabRun], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw DashboardError.backend("\(path): cannot create the file")
        }
        defer { try? handle.close() }
        try LabCSV.write(runs) { try handle.write(contentsOf: Data($0.utf8)) }
    }
}

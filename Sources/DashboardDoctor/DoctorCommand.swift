import Foundation
import OptoLink

/// `optolink-dash doctor …`: parses the arguments, runs the checks and writes the checklist (or `--json`).
///
/// ```swift
/// let code = await DoctorCommand.run(arguments: ["--base-url", url, "--org-key", "demo"],
///                                    environment: ProcessInfo.processInfo.environment,
///                                    stdoutIsTerminal: isatty(1) == 1,
///                                    out: { print($0) },
///                                    err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
/// ```
package enum DoctorCommand {
    /// Runs the command.
    /// - Parameters:
    ///   - arguments: what follows `doctor` on the command line.
    ///   - environment: for `NO_COLOR`.
    ///   - stdoutIsTerminal: colour only on a terminal.
    ///   - transport: sends the requests (default ``NoRedirectTransport``).
    ///   - out: writes one line of stdout (the checklist, the help, or the JSON document).
    ///   - err: writes one line of stderr (argument errors).
    /// - Returns: the exit code (``DoctorExitCode``).
    package static func run(
        arguments: [String], environment: [String: String], stdoutIsTerminal: Bool,
        transport: (any HTTPTransport)? = nil,
        out: @Sendable (String) -> Void, err: @Sendable (String) -> Void
    ) async -> Int32 {
        let options: DoctorOptions
        do {
            switch try DoctorOptions.parse(arguments) {
            case .help:
                out(DoctorOptions.usage)
                return DoctorExitCode.passed
            case .run(let parsed):
                options = parsed
            }
        } catch {
            err("optolink-dash doctor: \(error)")
            return DoctorExitCode.usage
        }
        let runner = transport.map { DoctorRunner(options: options, transport: $0) } ?? DoctorRunner(options: options)
        let report = await runner.run()
        if options.json {
            out(report.jsonText())
        } else {
            let color = DoctorReportPrinter.wantsColor(stdoutIsTerminal: stdoutIsTerminal, environment: environment)
            for line in DoctorReportPrinter.lines(report, color: color) { out(line) }
        }
        return report.exitCode
    }
}

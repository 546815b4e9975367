import DashboardCommandLine
import Foundation

/// The command line of `optolink-dash`: one table of commands and flags that every command parses with,
/// and that every `--help` and every argument error is made from.
///
/// ```swift
/// let parsed = try DashCommands.parse(["doctor", "--base-url", "https://links.example.com", "--org-key", "abcd"])
/// parsed.command  // "doctor"
/// ```
package enum DashCommands {
    /// The program alone: the dashboard (or headless, attach, open) run.
    package static let run = ""
    /// `doctor`: the deployment checklist.
    package static let doctor = "doctor"
    /// `lab`: the match lab.
    package static let lab = "lab"
    /// `lab merge`: adds shards' `--json` reports.
    package static let labMerge = "lab merge"
    /// `proxy`: the fault proxy alone.
    package static let proxy = "proxy"
    /// `export`: a recorded session as an asciicast.
    package static let export = "export"
    /// `open`: a recorded session in the dashboard, offline.
    package static let open = "open"

    /// The parser of the whole table.
    package static let parser = CommandLineParser(
        program: "optolink-dash",
        commands: [
            runCommand, doctorCommand, labCommand, labMergeCommand, proxyCommand, exportCommand, openCommand,
        ],
        flags: runFlags + doctorFlags + labFlags + proxyFlags + exportFlags + [help])

    /// `-h`, `--help`: every command's.
    static let help = FlagSpec(
        ["--help", "-h"], help: "show this help.",
        commands: [run, doctor, lab, labMerge, proxy, export, open])

    /// The command line after the program's name, read against the table.
    /// - Throws: ``DashboardError/usage(_:)`` with the table's line.
    package static func parse(_ arguments: [String]) throws(DashboardError) -> ParsedArguments {
        do {
            return try parser.parse(arguments)
        } catch {
            throw .usage(error.message)
        }
    }

    /// `arguments` (those after `command`'s words) read as `command`'s.
    /// - Throws: ``DashboardError/usage(_:)`` with the table's line.
    package static func parse(_ arguments: [String], as command: String) throws(DashboardError) -> ParsedArguments {
        try parse(command.split(separator: " ").map(String.init) + arguments)
    }

    /// `command`'s `--help` text.
    package static func usage(_ command: String) -> String { CommandHelp.text(for: command, in: parser) }
}

import DashboardCommandLine
import DashboardCore
import DashboardScenarios
import Foundation
import OptoLink

/// The arguments of `optolink-dash lab` (everything after the word `lab`).
///
/// ```swift
/// let options = try LabOptions.parse(["labs/cgnat.lab", "--set", "network.ipv6=0%", "--compare", "--json"])
/// ```
package struct LabOptions: Sendable, Hashable {
    /// Which engine runs the installs.
    package enum Engine: String, Sendable, Hashable {
        /// Straight through the reference server's matching engine (the default).
        case process
        /// Simulated browsers and the real SDK over HTTP, against a reference server embedded for the run (up to
        /// ``WireLabEngine/maxInstalls`` installs).
        case wire
    }

    /// What the arguments ask for.
    package enum Parsed: Sendable, Hashable {
        /// Run the lab.
        case run(LabOptions)
        /// `--help` / `-h`: print ``LabOptions/usage``.
        case help
    }

    /// `FILE`: a lab file's path, or a name looked up as `labs/NAME.lab`. Default nil: the built-in defaults
    /// (what `labs/default.lab` spells out).
    package var file: String?
    /// `--set key=value`, in order (applied after the file). Default none.
    package var settings: [String] = []
    /// `--engine process|wire`. Default `process`.
    package var engine = Engine.process
    /// `--base-url URL`: run the wire engine against this reference server (`optolink-lab-server`) instead of
    /// an embedded one. Default nil.
    /// Only a reference server could take it (the lab sets the server's clock, links and policy), and none
    /// lets another program do that yet: the command refuses it with the reason (exit 2).
    package var baseURL: URL?
    /// `--provider NAME` (one service) or `--compare` (all four). Default OptoLink.
    package var services: [OptoLinkService] = [.optoLink]
    /// `--json`: the JSON summary on stdout instead of the report. Default false.
    package var json = false
    /// `--csv FILE`: every install's row. Default nil.
    package var csvPath: String?
    /// `--svg FILE`: the sweep's charts. Default nil.
    package var svgPath: String?
    /// `--record FILE`: record the run as a session (`optolink-dash --open FILE` shows it in the Lab view).
    /// Default nil.
    package var recordPath: String?
    /// `--no-sweep`: skip the threshold sweep. Default false (it runs).
    package var noSweep = false
    /// `--print-lab`: print the lab as a file, every key with the value it resolves to, and run nothing.
    /// Default false.
    package var printLab = false

    /// Options with every default.
    package init() {}

    /// The `optolink-dash lab --help` text, from the table.
    package static var usage: String { DashCommands.usage(DashCommands.lab) }

    /// Parses the arguments after `lab` (`--flag value` or `--flag=value`; `--seed`, `--installs` and
    /// `--max-wrong` are `--set seed=…`, `--set installs=…` and `--set maxWrong=…`) with the table.
    /// - Throws: ``DashboardError/usage(_:)`` naming the problem.
    package static func parse(_ arguments: [String]) throws(DashboardError) -> Parsed {
        try parse(DashCommands.parse(arguments, as: DashCommands.lab))
    }

    /// The options `parsed` (`lab`'s flags, read by the table) ask for.
    /// - Throws: ``DashboardError/usage(_:)`` for flags that do not go together.
    package static func parse(_ parsed: ParsedArguments) throws(DashboardError) -> Parsed {
        if parsed.has("--help") { return .help }
        var options = LabOptions()
        options.file = parsed.positionals.first
        options.settings = parsed.texts("--set")
        if let seed = parsed.text("--seed") { options.settings.append("seed=" + seed) }
        if let installs = parsed.text("--installs") { options.settings.append("installs=" + installs) }
        if let text = parsed.text("--max-wrong") {
            options.settings.append("maxWrong=" + text + (text.hasSuffix("%") ? "" : "%"))
        }
        options.engine = parsed.text("--engine").flatMap(Engine.init(rawValue:)) ?? .process
        options.baseURL = parsed.url("--base-url")
        options.json = parsed.has("--json")
        options.csvPath = parsed.text("--csv")
        options.svgPath = parsed.text("--svg")
        options.recordPath = parsed.text("--record")
        options.noSweep = parsed.has("--no-sweep")
        options.printLab = parsed.has("--print-lab")
        if options.baseURL != nil, options.engine != .wire {
            throw .usage("--base-url goes with --engine wire (the in-process engine runs no backend)")
        }
        let provider = parsed.text("--provider").flatMap(OptoLinkService.init(rawValue:))
        if parsed.has("--compare") {
            guard provider == nil else { throw .usage("--provider and --compare go alone: one service, or all four") }
            options.services = OptoLinkService.allCases
        }
        if let provider { options.services = [provider] }
        return .run(options)
    }
}

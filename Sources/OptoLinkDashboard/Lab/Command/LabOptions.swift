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
    /// `--base-url URL`: run the wire engine against this reference server (started with `--lab-links`) instead of
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

    /// Parses the arguments after `lab` (`--flag value` or `--flag=value`; `--seed`, `--installs` and
    /// `--max-wrong` are `--set seed=…`, `--set installs=…` and `--set maxWrong=…`).
    /// - Throws: ``DashboardError/usage(_:)`` naming the problem.
    package static func parse(_ arguments: [String]) throws(DashboardError) -> Parsed {
        var options = LabOptions()
        var provider: OptoLinkService?
        var compare = false
        var reader = ArgumentReader(arguments)
        while let flag = reader.next() {
            switch flag {
            case "-h", "--help":
                return .help
            case "--set":
                options.settings.append(try reader.value(flag, "key=value, e.g. --set installs=20000"))
            case "--seed":
                options.settings.append("seed=" + (try reader.value(flag, "a whole number")))
            case "--installs":
                options.settings.append("installs=" + (try reader.value(flag, "a whole number of installs")))
            case "--max-wrong":
                var text = try reader.value(flag, "a percentage such as 1%")
                if !text.hasSuffix("%") { text += "%" }
                options.settings.append("maxWrong=" + text)
            case "--engine":
                let text = try reader.value(flag, "process or wire")
                guard let engine = Engine(rawValue: text) else {
                    throw .usage("--engine must be process or wire, not '\(text)'")
                }
                options.engine = engine
            case "--base-url":
                options.baseURL = try reader.httpURL(flag, "a backend URL such as http://127.0.0.1:8787")
            case "--provider":
                provider = try reader.service(flag)
            case "--compare":
                compare = true
            case "--json":
                options.json = true
            case "--csv":
                options.csvPath = try reader.value(flag, "a file to write")
            case "--svg":
                options.svgPath = try reader.value(flag, "a file to write")
            case "--record":
                options.recordPath = try reader.value(flag, "a session file to record the run to")
            case "--no-sweep":
                options.noSweep = true
            case "--print-lab":
                options.printLab = true
            default:
                guard !flag.hasPrefix("-") else {
                    throw .usage("unknown argument '\(reader.current)' (see optolink-dash lab --help)")
                }
                guard options.file == nil else {
                    throw .usage("one lab file at a time: '\(options.file!)' and '\(flag)'")
                }
                options.file = reader.current
            }
        }
        if options.baseURL != nil, options.engine != .wire {
            throw .usage("--base-url goes with --engine wire (the in-process engine runs no backend)")
        }
        if compare, provider != nil { throw .usage("--provider and --compare go alone: one service, or all four") }
        if compare { options.services = OptoLinkService.allCases }
        if let provider { options.services = [provider] }
        return .run(options)
    }

    /// The `optolink-dash lab --help` text.
    package static let usage = """
        optolink-dash lab: how often deferred matching picks the right click, for a whole population.

        USAGE: optolink-dash lab [FILE] [--set KEY=VALUE]... [--seed N] [--installs N] [--engine process|wire]
                                 [--base-url URL] [--provider NAME | --compare] [--json] [--max-wrong P%] [--csv FILE] [--svg FILE]
                                 [--no-sweep] [--print-lab] [--record FILE]

        A lab file (labs/*.lab) describes the installs, the delay from click to first open, the networks, the
        devices, the clipboard and the backend's numbers; docs/lab.md documents every key, its default and where
        the number comes from. Without FILE the defaults run (labs/default.lab spells them out).

        OPTIONS:
          FILE                  a lab file, or a name found as labs/NAME.lab (e.g. cgnat)
          --set KEY=VALUE       overrides one value after the file (repeatable), e.g. --set network.ipv6=0%
          --seed N              the random seed (--set seed=N): the same seed gives the same population
          --installs N          how many installs (--set installs=N)
          --engine process      straight through the reference server's matching engine (the default)
          --engine wire         simulated browsers click and the real SDK's first launches run over HTTP against
                                a reference server embedded for the run: for up to a few thousand installs (at
                                most 20 000; about 100 installs a second)
          --base-url URL        with --engine wire, a reference server of your own started for the lab
                                (optolink-server --lab-links N --lab-window H) instead; anything else is refused
                                (exit 2): the lab must set the server's clock and have a link per device
          --provider NAME       the service: optolink (default), quberoute, deepblue or appsflyer
          --compare             all four services side by side (each with only its wire format's signals)
          --json                one JSON array on stdout, one object per service (fields in docs/lab.md)
          --max-wrong P%        the largest share of matches that may be wrong: names the threshold that keeps
                                under it, and exits 1 when the lab's own threshold does not
          --csv FILE            every install: inputs, ground truth, outcome, score
          --svg FILE            the threshold sweep's precision and recall charts
          --no-sweep            skip the threshold sweep
          --record FILE         record the run as a session: optolink-dash --open FILE shows it in the Lab view
          --print-lab           print the lab (FILE and --set applied) as a lab file with every key, and exit
          --clicks FILE --opens FILE
                                replay recorded clicks and first opens (docs/lab.md, "The lab on your own data"):
                                the fingerprint chain's precision and recall on the opens whose token named a click
          --shard I/N           with --clicks/--opens, only shard I of N of the addresses; then
                                optolink-dash lab merge A.json B.json … adds the shards' --json reports
          --export-clicks FILE --export-opens FILE
                                write the lab's simulated population in those two formats, and exit
          -h, --help            show this help

        EXIT CODES: 0 done, 1 --max-wrong not met at the lab's threshold, 2 bad arguments or lab file (one line
                    naming the file and line), or a lab the wire engine cannot run, 3 an export could not be written.
        """
}

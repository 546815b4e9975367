import DashboardCommandLine
import Foundation

extension DashCommands {
    /// `optolink-dash lab`.
    static let labCommand = CommandSpec(
        lab,
        summary: """
            the match lab, headless: optolink-dash lab [FILE] [--set KEY=VALUE]... [--compare] [--json]
            (see optolink-dash lab --help and docs/lab.md)
            """,
        overview: """
            optolink-dash lab: how often deferred matching picks the right click, for a whole population.

            USAGE: optolink-dash lab [FILE] [--set KEY=VALUE]... [--seed N] [--installs N] [--engine process|wire]
                                     [--base-url URL] [--provider NAME | --compare] [--json] [--max-wrong P%]
                                     [--csv FILE] [--svg FILE] [--no-sweep] [--print-lab] [--record FILE]
                   optolink-dash lab [FILE] --clicks FILE --opens FILE [--shard I/N] [--json] [--csv FILE] [--svg FILE]
                   optolink-dash lab [FILE] --export-clicks FILE --export-opens FILE
                   optolink-dash lab merge A.json B.json … [--json] [--svg FILE] [--max-wrong P%]

            A lab file (labs/*.lab) describes the installs, the delay from click to first open, the networks, the
            devices, the clipboard and the backend's numbers; docs/lab.md documents every key, its default and where
            the number comes from. Without FILE the defaults run (labs/default.lab spells them out).
            """,
        positional: PositionalSpec(
            "FILE", noun: "lab file", help: "a lab file, or a name found as labs/NAME.lab (e.g. cgnat)"),
        footer: """
            EXIT CODES: 0 done, 1 --max-wrong not met at the lab's threshold, 2 bad arguments or lab file (one line
                        naming the file and line), or a lab the wire engine cannot run, 3 an export could not be
                        written.
            """, column: 22)

    /// `optolink-dash lab merge`.
    static let labMergeCommand = CommandSpec(
        labMerge, summary: "adds the shards' --json reports",
        overview: "USAGE: optolink-dash lab merge A.json B.json … [--json] [--svg FILE] [--max-wrong P%]",
        positional: PositionalSpec(
            "A.json", noun: "report", help: "a shard's report (optolink-dash lab --clicks … --opens … --json)",
            repeats: true),
        footer: "", column: 22)

    /// The flags of `lab` and `lab merge`.
    static let labFlags: [FlagSpec] = [
        FlagSpec(
            ["--set"], .string("key=value, e.g. --set installs=20000"), value: "KEY=VALUE",
            help: "overrides one value after the file (repeatable), e.g. --set network.ipv6=0%", commands: [lab],
            repeats: true),
        FlagSpec(
            ["--seed"], .string("a whole number"), value: "N",
            help: "the random seed (--set seed=N): the same seed gives the same population", commands: [lab]),
        FlagSpec(
            ["--installs"], .string("a whole number of installs"), value: "N",
            help: "how many installs (--set installs=N)", commands: [lab]),
        FlagSpec(
            ["--engine"], .choice(["process", "wire"]), value: "process|wire",
            help: """
                process (the default): straight through the reference server's matching engine.
                wire: simulated browsers click and the real SDK's first launches run over HTTP against
                a reference server embedded for the run: for up to a few thousand installs (at
                most 20 000; about 100 installs a second)
                """, commands: [lab]),
        FlagSpec(
            ["--base-url"], .url("a backend URL such as http://127.0.0.1:8787"), value: "URL",
            help: """
                with --engine wire, a reference server of your own started for the lab
                (optolink-lab-server --links N --window H) instead; anything else is refused
                (exit 2): the lab must set the server's clock and have a link per device
                """, commands: [lab]),
        FlagSpec(
            ["--provider"], .choice(serviceNames), value: "NAME",
            help: "the service: optolink (default), quberoute, deepblue or appsflyer", commands: [lab]),
        FlagSpec(
            ["--compare"], help: "all four services side by side (each with only its wire format's signals)",
            commands: [lab]),
        FlagSpec(
            ["--json"], help: "one JSON array on stdout, one object per service (fields in docs/lab.md)",
            commands: [lab, labMerge]),
        FlagSpec(
            ["--max-wrong"], .string("a percentage such as 1%"), value: "P%",
            help: """
                the largest share of matches that may be wrong: names the threshold that keeps
                under it, and exits 1 when the lab's own threshold does not
                """, commands: [lab, labMerge]),
        FlagSpec(
            ["--csv"], .path("a file to write"), value: "FILE", use: .writes,
            help: "every install: inputs, ground truth, outcome, score", commands: [lab]),
        FlagSpec(
            ["--svg"], .path("a file to write"), value: "FILE", use: .writes,
            help: "the threshold sweep's precision and recall charts", commands: [lab, labMerge]),
        FlagSpec(["--no-sweep"], help: "skip the threshold sweep", commands: [lab]),
        FlagSpec(
            ["--record"], .path("a session file to record the run to"), value: "FILE", use: .writes,
            help: "record the run as a session: optolink-dash --open FILE shows it in the Lab view", commands: [lab]),
        FlagSpec(
            ["--print-lab"], help: "print the lab (FILE and --set applied) as a lab file with every key, and exit",
            commands: [lab]),
        FlagSpec(
            ["--clicks"], .path("a file of recorded clicks"), value: "FILE",
            help: """
                with --opens: replay recorded clicks and first opens (docs/lab.md, "The lab on your own
                data"): the fingerprint chain's precision and recall on the opens whose token named a click
                """, commands: [lab]),
        FlagSpec(
            ["--opens"], .path("a file of recorded first opens"), value: "FILE", help: "the first opens, with --clicks",
            commands: [lab]),
        FlagSpec(
            ["--shard"], .string("I/N, e.g. 2/8"), value: "I/N",
            help: """
                with --clicks/--opens, only shard I of N of the addresses; then
                optolink-dash lab merge A.json B.json … adds the shards' --json reports
                """, commands: [lab]),
        FlagSpec(
            ["--export-clicks"], .path("a file to write"), value: "FILE", use: .writes,
            help: "with --export-opens: write the lab's simulated population in those two formats, and exit",
            commands: [lab]),
        FlagSpec(
            ["--export-opens"], .path("a file to write"), value: "FILE", use: .writes, help: "see --export-clicks",
            commands: [lab]),
    ]
}

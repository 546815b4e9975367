import DashboardCommandLine
import Foundation

extension DashCommands {
    /// What `--export DIR` (and `X`) writes into the directory, in the order it writes them.
    package static let exportFileNames = ["requests.har", "report.md", "screen.svg"]

    /// `optolink-dash` alone: the dashboard, headless, attach and open runs.
    static let runCommand = CommandSpec(
        run, summary: "the dashboard",
        overview: """
            optolink-dash: a terminal dashboard that watches the OptoLink SDK talk to a backend.

            With no options it starts an embedded OptoLink server on 127.0.0.1 (a free port, in-memory, demo data)
            and a simulated iPhone running the real SDK against it. Fire direct and deferred links with single keys.

            USAGE: optolink-dash [--provider NAME] [--theme NAME|PATH] [--base-url URL [--api-key KEY] [--org-key KEY]]
                                 [--link [ROLE=]URL]... [--backoff-base SECONDS] [--no-mouse]
                   optolink-dash --headless --scenario NAME|all [--export DIR] [--junit FILE] [--backoff-base SECONDS]
                                 [--base-url URL … --link URL]
                   optolink-dash [--headless] --compare NAME [--backoff-base SECONDS]
                                 [--base-url URL [--provider NAME] [key flags] [--link URL]]
                   optolink-dash --attach [--listen HOST:PORT] [--token T] [--base-url URL …] [--theme …]
                   optolink-dash [any of the above] [--record FILE] [--cast FILE.cast] [--data-dir DIR]
                   optolink-dash open FILE [--theme NAME|PATH]        (or --open FILE)
                   optolink-dash --list-scenarios
                   optolink-dash doctor|lab|proxy|export|open … (optolink-dash COMMAND --help)
            """,
        footer: """
            KEYS: press ? in the dashboard for every key; q or Ctrl-C quits; s picks a scenario.

            EXIT CODES: 0 normal quit (headless: every scenario passed or skipped), 1 a scenario failed (headless),
                        2 bad arguments, 3 no usable terminal (TERM unset or unknown, not a TTY), 4 no backend to run
                        against: the embedded server did not start, or --base-url gave no HTTP answer (any status is
                        one; nothing runs and the screen does not open), 130 / 143 stopped by SIGINT / SIGTERM (the
                        terminal is restored in every case).
            """)

    /// The flags of the program alone.
    static let runFlags: [FlagSpec] = [
        FlagSpec(
            ["--theme"], .string("a theme name or a path to a .theme file"), value: "NAME|PATH",
            help: """
                colour theme: a name found in ./themes, $OPTOLINK_THEMES or next to the
                executable (default, light, high-contrast, mono), or a path to a .theme file.
                NO_COLOR (non-empty) forces mono. Press t to cycle themes.
                """, commands: [run, open]),
        FlagSpec(
            ["--base-url"], .url("a URL such as https://links.example.com"), value: "URL",
            help: """
                point the simulated device at this backend instead of the embedded server
                (e.g. a staging OptoLink). Without /dev endpoints the dashboard's fault
                proxy injects the faults (docs/proxy.md); scenarios needing server internals
                are skipped, each saying what it lacks. Asked once first (GET /health: any
                status is an answer); no HTTP answer within 3 s: one line on stderr, exit 4.
                """, commands: [run]),
        FlagSpec(
            ["--provider"], .choice(serviceNames), value: "NAME",
            help: """
                the service the simulated device runs: optolink (default), quberoute, deepblue or
                appsflyer. The embedded server emulates all four with demo keys; P switches live.
                """, commands: [run]),
        FlagSpec(
            ["--api-key"], .string("the service's key (opl_sdk_…, qr_live_…, a Deep Blue key)"), value: "KEY",
            help: """
                the service's key: OptoLink's CLIENT key (default opl_sdk_demo_client_key_0000000001),
                QubeRoute's publishable key (qr_live_… / qr_test_…; embedded default
                qr_live_demo_publishable_key_0001) or Deep Blue's Api-Key (embedded default
                dbl_sandbox_demo_key_000000001). Required with --base-url for quberoute and deepblue.
                """, commands: [run]),
        FlagSpec(
            ["--org-key"], .string("an org key (4 letters or digits)"), value: "KEY",
            help: "OptoLink: the org of the links (default demo).", commands: [run]),
        FlagSpec(
            ["--link"], .string(linkValue), value: "[ROLE=]URL",
            help: """
                a short link of the selected service the scenarios click and open (repeatable, one per
                role). Roles: main (the default role: clicked before deferred launches, opened directly;
                c clicks it), cold-start (opens a first launch; default main), short-window (a click
                dated past its window, window-expired; default main), not-a-link (a URL on the link
                domain that is no short link, not-a-short-link; default made from main). The embedded
                server has demo links for every role; with --base-url a scenario that needs a link
                nobody gave is SKIP "needs --link".
                """, commands: [run], repeats: true),
        FlagSpec(
            ["--app-id"], .string("an AppsFlyer app id (id123456789)"), value: "ID",
            help: "AppsFlyer: the app id (embedded default id123456789). Required with --base-url.",
            commands: [run]),
        FlagSpec(
            ["--dev-key"], .string("an AppsFlyer DevKey"), value: "KEY",
            help: """
                AppsFlyer: the DevKey the dashboard's simulated app backend signs af_sig with (it never
                reaches the SDK; embedded default w8sZzy8EaPaxFKfaoTqUi6). Required with --base-url.
                """, commands: [run]),
        FlagSpec(
            ["--backoff-base"], .number("a number of seconds", NumberRange(above: 0, upTo: 60)), value: "SECONDS",
            help: """
                the SDK's first retry wait; retry n waits base × 2^(n−1) (default 1, the SDK's).
                Shorten it for quick runs, e.g. 0.1.
                """, commands: [run]),
        FlagSpec(
            ["--headless"],
            help: """
                no terminal: run --scenario, print the timeline as plain lines, then
                PASS name / FAIL name: detail / SKIP name: reason, and last
                "N passed, N failed" (", N skipped"). Exit 0 only when none failed.
                """, commands: [run]),
        FlagSpec(
            ["--scenario"], .string("a scenario name or all (see --list-scenarios)"), value: "NAME|all",
            help: """
                the scenario to run (all: every one). Without --headless the dashboard
                opens and runs it at once.
                """, commands: [run]),
        FlagSpec(
            ["--compare"], .string("a scenario name (see --list-scenarios)"), value: "NAME",
            help: """
                run one scenario against OptoLink, QubeRoute, Deep Blue Links and AppsFlyer at once
                (the embedded server emulates all four), one column each: outcome, method, the
                service's match type, confidence, attempts, waits, time to link. Headless: print
                the table (exit 0 unless a column failed); otherwise open it, as C does.
                """, commands: [run]),
        FlagSpec(
            ["--list-scenarios"], help: "list the scenarios with what each expects, and exit.", commands: [run]),
        FlagSpec(
            ["--export"], .path("a directory to write requests.har, report.md and screen.svg into"), value: "DIR",
            use: .writesInto(exportFileNames),
            help: """
                (headless) after the run, write DIR/requests.har (HAR 1.2: every request and
                attempt, API keys masked), DIR/report.md and DIR/screen.svg. X does it in the dashboard.
                """, commands: [run]),
        FlagSpec(
            ["--junit"], .path("a file to write the JUnit XML to"), value: "FILE", use: .writes,
            help: "(headless) write the verdicts as JUnit XML (a testcase per scenario).", commands: [run]),
        FlagSpec(
            ["--no-mouse"], help: "ignore the mouse (by default clicks select panes and rows, the wheel scrolls).",
            commands: [run, open]),
        FlagSpec(
            ["--attach"],
            help: """
                watch real apps instead of a simulated device: apps running OptoLinkInspector connect
                to the dashboard with the pairing token shown in the header (docs/attach.md). The
                embedded server still runs (unless --base-url) for apps on this machine. D lists the
                apps; o, i, e, u/U and F act on the shown app through commands.
                """, commands: [run]),
        FlagSpec(
            ["--listen"], .string("an address such as 127.0.0.1:7420 or 0.0.0.0:7420"), value: "HOST:PORT",
            help: """
                where --attach listens (default 127.0.0.1:7420, this machine only; a real phone needs
                --listen 0.0.0.0:7420 and this machine's LAN address in the app; port 0 picks a free port).
                """, commands: [run]),
        FlagSpec(
            ["--token"], .string("a pairing token (4–64 characters, no spaces)"), value: "T",
            help: "a fixed pairing token for --attach (default: a new random one at every start).", commands: [run]),
        FlagSpec(
            ["--record"], .path("a file to record the session to"), value: "FILE", use: .writes,
            help: """
                record the session to FILE as it happens (docs/dashboard.md, "Sessions"): what the
                panes are built from, keys masked, one JSON line per change. W starts and stops a
                recording in the dashboard (a new optolink-session-<time>.olsession each time).
                Headless runs (--scenario, --compare) and optolink-dash lab record too: --open
                steps through the run as the dashboard showed it ({ } jump scenario by scenario).
                """, commands: [run]),
        FlagSpec(
            ["--cast"], .path("a file to write the asciicast (.cast) to"), value: "FILE", use: .writes,
            help: """
                write the run as an asciicast v2 file (asciinema play FILE, or any web player):
                the screen as drawn, colours included, idle gaps capped at 2 s. Headless: the
                dashboard's screen at 120x40. A recorded session: optolink-dash export FILE --cast OUT.
                """, commands: [run]),
        FlagSpec(
            ["--open"], .path("a session file (or a HAR file) to show"), value: "FILE",
            help: """
                show a recorded session offline (no server, no device): the same panes, X exports;
                [ ] step through it, > plays it (1×, 4×, 16×, 64×; from the end it starts over),
                < slows and pauses. A HAR 1.2 file (the dashboard's export, Safari's or Chrome's)
                opens in the request panes. A file that is not a session, of a newer format, with a
                bad line, or over 256 MB: one line on stderr, exit 2.
                """, commands: [run]),
        FlagSpec(
            ["--data-dir"], .path("a directory"), value: "DIR",
            help: """
                the embedded server keeps its SQLite database in DIR/optolink.sqlite (created if
                missing): clicks, devices, events and identities survive a restart (default: in
                memory). A database of a newer server is refused (exit 4), an older one migrated.
                """, commands: [run]),
    ]

    /// The services `--provider` names.
    static let serviceNames = ["optolink", "quberoute", "deepblue", "appsflyer"]

    /// What `--link` takes, in words.
    static let linkValue = "a short link URL, or ROLE=URL (roles: main, cold-start, short-window, not-a-link)"
}

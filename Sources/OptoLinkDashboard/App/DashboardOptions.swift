import Foundation
import OptoLink

/// The command-line options of `optolink-dash`.
///
/// ```swift
/// let options = try DashboardOptions.parse(["--headless", "--scenario", "all", "--backoff-base", "0.05"])
/// ```
package struct DashboardOptions: Sendable, Hashable {
    /// The demo org's CLIENT key (the default `--api-key`).
    package static let demoAPIKey = "opl_sdk_demo_client_key_0000000001"
    /// The demo org (the default `--org-key`).
    package static let demoOrgKey = "demo"

    /// `--theme NAME|PATH` (default `default`).
    package var theme: String
    /// `--help` / `-h`.
    package var showHelp: Bool
    /// `--base-url URL`: another backend; nil starts the embedded server (default).
    package var baseURL: URL?
    /// `--api-key KEY` (default the demo CLIENT key).
    package var apiKey: String
    /// `--org-key KEY` (default `demo`).
    package var orgKey: String
    /// `--provider optolink|quberoute|deepblue|appsflyer`: the service the simulated device runs (default OptoLink).
    package var provider: OptoLinkService = .optoLink
    /// Whether `--api-key` was given (against `--base-url`, QubeRoute and Deep Blue need one).
    package var apiKeyGiven = false
    /// `--app-id ID` (AppsFlyer; default the demo app `id123456789` on the embedded server).
    package var appID: String?
    /// `--dev-key KEY` (AppsFlyer; the DevKey the dashboard's simulated backend signs with).
    package var devKey: String?
    /// `--link [ROLE=]URL` (repeatable): the selected service's short links the scenarios click and open, by
    /// role (``LinkRole``). Empty: the embedded seed's demo links on the embedded server, none with `--base-url`.
    package var links: [LinkRole: URL] = [:]
    /// `--backoff-base SECONDS`: the SDK's first retry wait (default 1 s, the SDK's default).
    package var backoffBase: Double
    /// `--headless`: no terminal; print the timeline and the verdicts.
    package var headless: Bool
    /// `--scenario NAME|all`: the scenario(s) to run.
    package var scenario: String?
    /// `--compare NAME`: run one scenario against the four services at once, a column each (headless: print
    /// the table; in the dashboard: open the compare view and run it, as `C` does).
    package var compare: String?
    /// `--list-scenarios`.
    package var listScenarios: Bool
    /// `--export DIR` (headless): write the HAR, the report and the screenshot there after the run.
    package var exportDirectory: String?
    /// `--junit FILE` (headless): write the scenario results as JUnit XML.
    package var junitFile: String?
    /// `--no-mouse` turns the mouse off (default on: clicks select panes and rows, the wheel scrolls).
    package var mouse: Bool = true
    /// `--attach`: wait for real apps (``OptoLinkInspector``) instead of driving a simulated device.
    package var attach = false
    /// `--listen HOST:PORT` (attach mode; default `127.0.0.1:7420`, port 0 picks a free one).
    package var listen = AttachListenAddress.standard
    /// `--token T` (attach mode): a fixed pairing token instead of a new random one.
    package var token: String?
    /// `--record FILE`: record the session to FILE from the start (`W` starts and stops a recording too).
    package var recordFile: String?
    /// `--cast FILE`: write the run as an asciicast v2 file (what the screen showed, in colour, with its timing;
    /// headless: the screen the dashboard would have shown, at 120×40).
    package var castFile: String?
    /// `--open FILE`: show a recorded session (or a HAR file) instead of a live dashboard; no server, no device.
    package var openFile: String?
    /// `--data-dir DIR`: the embedded server keeps its SQLite database in DIR (created if missing), so clicks,
    /// devices and events survive a restart; nil (default) keeps it in memory.
    package var dataDirectory: String?

    /// Creates options with defaults.
    package init(
        theme: String = "default", showHelp: Bool = false, baseURL: URL? = nil,
        apiKey: String = DashboardOptions.demoAPIKey, orgKey: String = DashboardOptions.demoOrgKey,
        backoffBase: Double = 1, headless: Bool = false, scenario: String? = nil, listScenarios: Bool = false
    ) {
        self.theme = theme
        self.showHelp = showHelp
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.orgKey = orgKey
        self.backoffBase = backoffBase
        self.headless = headless
        self.scenario = scenario
        self.listScenarios = listScenarios
    }

    /// Parses the arguments after the program name (`--flag value` or `--flag=value`).
    /// - Throws: ``DashboardError/usage(_:)`` for an unknown flag, a missing or bad value, or `--headless`
    ///   without `--scenario`.
    package static func parse(_ arguments: [String]) throws(DashboardError) -> DashboardOptions {
        var options = DashboardOptions()
        var listenGiven = false
        var reader = ArgumentReader(arguments)
        while let flag = reader.next() {
            switch flag {
            case "-h", "--help":
                options.showHelp = true
            case "--theme":
                options.theme = try reader.value(flag, "a theme name or a path to a .theme file")
            case "--base-url":
                options.baseURL = try reader.httpURL(flag, "a URL such as https://links.example.com")
            case "--api-key":
                options.apiKey = try reader.value(flag, "the service's key (opl_sdk_…, qr_live_…, a Deep Blue key)")
                options.apiKeyGiven = true
            case "--provider":
                options.provider = try reader.service(flag)
            case "--app-id":
                options.appID = try reader.value(flag, "an AppsFlyer app id (id123456789)")
            case "--dev-key":
                options.devKey = try reader.value(flag, "an AppsFlyer DevKey")
            case "--link":
                try reader.link(flag, into: &options.links)
            case "--org-key":
                options.orgKey = try reader.value(flag, "an org key (4 letters or digits)")
            case "--backoff-base":
                let text = try reader.value(flag, "a number of seconds")
                guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 60 else {
                    throw .usage("--backoff-base must be a number of seconds in (0, 60], not '\(text)'")
                }
                options.backoffBase = seconds
            case "--headless":
                options.headless = true
            case "--scenario":
                options.scenario = try reader.value(flag, "a scenario name or all (see --list-scenarios)")
            case "--compare":
                options.compare = try reader.value(flag, "a scenario name (see --list-scenarios)")
            case "--list-scenarios":
                options.listScenarios = true
            case "--export":
                options.exportDirectory = try reader.value(
                    flag, "a directory to write requests.har, report.md and screen.svg into")
            case "--junit":
                options.junitFile = try reader.value(flag, "a file to write the JUnit XML to")
            case "--no-mouse":
                options.mouse = false
            case "--attach":
                options.attach = true
            case "--listen":
                let text = try reader.value(flag, "an address such as 127.0.0.1:7420 or 0.0.0.0:7420")
                guard let address = AttachListenAddress.parse(text) else {
                    throw .usage("--listen must be HOST:PORT (port 0–65535), e.g. 0.0.0.0:7420, not '\(text)'")
                }
                options.listen = address
                listenGiven = true
            case "--token":
                let text = try reader.value(flag, "a pairing token (4–64 characters, no spaces)")
                guard PairingToken(text) != nil else {
                    throw .usage("--token must be 4–64 printable characters without spaces")
                }
                options.token = text
            case "--record":
                options.recordFile = try reader.value(flag, "a file to record the session to")
            case "--cast":
                options.castFile = try reader.value(flag, "a file to write the asciicast (.cast) to")
            case "--open":
                options.openFile = try reader.value(flag, "a session file (or a HAR file) to show")
            case "--data-dir":
                let directory = try reader.value(flag, "a directory for the embedded server's database")
                guard !directory.isEmpty else { throw .usage("--data-dir needs a directory, not an empty path") }
                options.dataDirectory = directory
            default:
                throw .usage("unknown argument '\(reader.current)' (see --help)")
            }
        }
        if (options.exportDirectory != nil || options.junitFile != nil) && !options.headless {
            throw .usage("--export and --junit go with --headless (in the dashboard, X exports)")
        }
        if (listenGiven || options.token != nil) && !options.attach {
            throw .usage("--listen and --token go with --attach")
        }
        if options.attach && (options.headless || options.scenario != nil) {
            throw .usage(
                "--attach shows real apps; --headless and --scenario drive simulated devices (use one or the other)")
        }
        if options.compare != nil && (options.scenario != nil || options.attach) {
            throw .usage("--compare runs one scenario against every service; it goes without --scenario and --attach")
        }
        if options.compare != nil && (options.exportDirectory != nil || options.junitFile != nil) {
            throw .usage("--export and --junit go with --scenario (a compare prints its table)")
        }
        if options.openFile != nil
            && (options.headless || options.attach || options.scenario != nil || options.compare != nil
                || options.recordFile != nil || options.baseURL != nil || options.dataDirectory != nil)
        {
            throw .usage(
                "--open shows a recorded session offline: it goes without --headless, --attach, --scenario, "
                    + "--compare, --record, --base-url and --data-dir")
        }
        if options.castFile != nil && (options.openFile != nil || options.listScenarios) {
            throw .usage(
                "--cast records a run; to turn a recorded session into one: optolink-dash export FILE --cast OUT")
        }
        if options.dataDirectory != nil && options.headless {
            throw .usage(
                "--data-dir keeps the dashboard's database between runs; headless runs start each scenario from "
                    + "the demo data: drop --data-dir")
        }
        if options.dataDirectory != nil && options.baseURL != nil {
            throw .usage("--data-dir is where the embedded server keeps its database; --base-url has its own")
        }
        if options.provider == .appsFlyer && options.apiKeyGiven {
            throw .usage("AppsFlyer takes --app-id and --dev-key, not --api-key")
        }
        if options.baseURL == nil, options.openFile == nil,
            let flag = deploymentFlags.first(where: { flag in
                arguments.contains { $0 == flag || $0.hasPrefix(flag + "=") }
            })
        {
            throw .usage(
                "\(flag) names something of your deployment: give its --base-url too (without it the dashboard runs "
                    + "on its embedded server, which knows only its demo keys and links)")
        }
        if !options.showHelp && !options.listScenarios {
            // The keys are checked now (the embedded server's address is not known yet: any loopback URL
            // checks them the same way), so a bad flag is a usage error before anything starts.
            _ = try options.target(for: options.provider, baseURL: options.baseURL ?? URL(string: "http://127.0.0.1")!)
        }
        if options.headless && options.scenario == nil && options.compare == nil && !options.listScenarios
            && !options.showHelp
        {
            throw .usage("--headless needs --scenario NAME|all or --compare NAME (see --list-scenarios)")
        }
        return options
    }

    /// The flags that name a deployment's keys and links: without `--base-url` they would be sent to the embedded
    /// server, whose refusal would read as the deployment's.
    static let deploymentFlags = ["--api-key", "--org-key", "--link", "--app-id", "--dev-key"]

    /// The backend the simulated device talks to for `service` on `baseURL` (the embedded server's, or
    /// `--base-url`'s).
    ///
    /// On the embedded server every service has the demo seed's keys; a key flag overrides them. Against
    /// `--base-url` (a real deployment) there are no demo keys but OptoLink's: `--api-key` is the key of
    /// `--provider`'s service, `--app-id` and `--dev-key` are AppsFlyer's.
    /// - Throws: ``DashboardError/usage(_:)`` naming the flag a `--base-url` target lacks.
    package func target(for service: OptoLinkService, baseURL: URL) throws(DashboardError) -> BackendTarget {
        var target =
            self.baseURL == nil
            ? BackendTarget.demo(service, baseURL: baseURL)
            : BackendTarget(baseURL: baseURL, apiKey: "", orgKey: "", service: service)
        switch service {
        case .optoLink:
            // As before the other services: the demo CLIENT key unless --api-key gives one (for OptoLink).
            target.orgKey = orgKey
            if !apiKeyGiven || provider == .optoLink { target.apiKey = apiKey }
        case .quberoute, .deepBlue:
            if apiKeyGiven && provider == service { target.apiKey = apiKey }
        case .appsFlyer:
            if let appID { target.appID = appID }
            if let devKey { target.devKey = devKey }
        }
        // The links: --link's for the selected service; on the embedded server the demo seed's otherwise (on
        // the keys just set: a QubeRoute test key reaches test links); against --base-url none is made up.
        if service == provider && !links.isEmpty {
            target.links = .given(links)
        } else if self.baseURL == nil {
            target.links = target.profile.demoLinks(target: target)
        }
        if let flag = target.profile.missingKeyFlag(in: target) {
            // On the embedded server the demo keys are there: only a given, empty flag leaves one out.
            if self.baseURL == nil {
                throw .usage(
                    "\(flag) is empty: \(service.displayName) needs a key (leave the flag out for the demo key)")
            }
            if flag == "--api-key", apiKeyGiven, provider != service {
                // One --api-key, the selected service's: a compare over --base-url runs that one's column.
                throw .usage(
                    "--api-key is \(provider.displayName)'s here (--provider \(provider.rawValue)): \(service.displayName) "
                        + "would need one of its own")
            }
            throw .usage(
                "--base-url with \(service.displayName) needs \(flag) (its own "
                    + "\(target.profile.keyFlags.joined(separator: " and ")); the demo keys exist only on the embedded server)"
            )
        }
        // The SDK's own check of the keys (a server key, a secret key, a malformed org key or app id), made
        // here so a bad flag stops the dashboard at start, once, instead of failing every launch.
        do {
            _ = try target.profile.configuration(
                settings: DeviceSettings(target: target, backoffBase: backoffBase),
                address: AddressBox(FingerprintValues.demoPhone.networkAddress))
        } catch {
            throw .usage(
                "\(target.profile.keyFlags.joined(separator: " / ")): the SDK refuses this \(service.displayName) "
                    + "configuration: \(error.message)")
        }
        return target
    }

    /// The `--help` text.
    package static let usage = """
        optolink-dash: a terminal dashboard that watches the OptoLink SDK talk to a backend.

        With no options it starts an embedded OptoLink server on 127.0.0.1 (a free port, in-memory, demo data)
        and a simulated iPhone running the real SDK against it. Fire direct and deferred links with single keys.

        USAGE: optolink-dash [--provider NAME] [--theme NAME|PATH] [--base-url URL [--api-key KEY] [--org-key KEY]] [--link [ROLE=]URL]... [--backoff-base SECONDS] [--no-mouse]
               optolink-dash --headless --scenario NAME|all [--export DIR] [--junit FILE] [--backoff-base SECONDS] [--base-url URL … --link URL]
               optolink-dash [--headless] --compare NAME [--backoff-base SECONDS] [--base-url URL [--provider NAME] [key flags] [--link URL]]
               optolink-dash --attach [--listen HOST:PORT] [--token T] [--base-url URL …] [--theme …]
               optolink-dash [any of the above] [--record FILE] [--cast FILE.cast] [--data-dir DIR]
               optolink-dash --open FILE [--theme NAME|PATH]
               optolink-dash --list-scenarios

        OPTIONS:
          --theme NAME|PATH       colour theme: a name found in ./themes, $OPTOLINK_THEMES or next to the
                                  executable (default, light, high-contrast, mono), or a path to a .theme file.
                                  NO_COLOR (non-empty) forces mono. Press t to cycle themes.
          --base-url URL          point the simulated device at this backend instead of the embedded server
                                  (e.g. a staging OptoLink). Without /dev endpoints the dashboard's fault
                                  proxy injects the faults (docs/proxy.md); scenarios needing server internals
                                  are skipped, each saying what it lacks. Asked once first (GET /health: any
                                  status is an answer); no HTTP answer within 3 s: one line on stderr, exit 4.
          --provider NAME         the service the simulated device runs: optolink (default), quberoute, deepblue or
                                  appsflyer. The embedded server emulates all four with demo keys; P switches live.
          --api-key KEY           the service's key: OptoLink's CLIENT key (default opl_sdk_demo_client_key_0000000001),
                                  QubeRoute's publishable key (qr_live_… / qr_test_…; embedded default
                                  qr_live_demo_publishable_key_0001) or Deep Blue's Api-Key (embedded default
                                  dbl_sandbox_demo_key_000000001). Required with --base-url for quberoute and deepblue.
          --org-key KEY           OptoLink: the org of the links (default demo).
          --link [ROLE=]URL       a short link of the selected service the scenarios click and open (repeatable, one per
                                  role). Roles: main (the default role: clicked before deferred launches, opened directly;
                                  c clicks it), cold-start (opens a first launch; default main), short-window (a click
                                  dated past its window, window-expired; default main), not-a-link (a URL on the link
                                  domain that is no short link, not-a-short-link; default made from main). The embedded
                                  server has demo links for every role; with --base-url a scenario that needs a link
                                  nobody gave is SKIP "needs --link".
          --app-id ID             AppsFlyer: the app id (embedded default id123456789). Required with --base-url.
          --dev-key KEY           AppsFlyer: the DevKey the dashboard's simulated app backend signs af_sig with (it never
                                  reaches the SDK; embedded default w8sZzy8EaPaxFKfaoTqUi6). Required with --base-url.
          --backoff-base SECONDS  the SDK's first retry wait; retry n waits base × 2^(n−1) (default 1, the SDK's).
                                  Shorten it for quick runs, e.g. 0.1.
          --headless              no terminal: run --scenario, print the timeline as plain lines, then
                                  PASS name / FAIL name: detail / SKIP name: reason, and last
                                  "N passed, N failed" (", N skipped"). Exit 0 only when none failed.
          --scenario NAME|all     the scenario to run (all: every one). Without --headless the dashboard
                                  opens and runs it at once.
          --compare NAME          run one scenario against OptoLink, QubeRoute, Deep Blue Links and AppsFlyer at once
                                  (the embedded server emulates all four), one column each: outcome, method, the
                                  service's match type, confidence, attempts, waits, time to link. Headless: print
                                  the table (exit 0 unless a column failed); otherwise open it, as C does.
          --list-scenarios        list the scenarios with what each expects, and exit.
          --export DIR            (headless) after the run, write DIR/requests.har (HAR 1.2: every request and
                                  attempt, API keys masked), DIR/report.md and DIR/screen.svg. X does it in the dashboard.
          --junit FILE            (headless) write the verdicts as JUnit XML (a testcase per scenario).
          --no-mouse              ignore the mouse (by default clicks select panes and rows, the wheel scrolls).
          --attach                watch real apps instead of a simulated device: apps running OptoLinkInspector connect
                                  to the dashboard with the pairing token shown in the header (docs/attach.md). The
                                  embedded server still runs (unless --base-url) for apps on this machine. D lists the
                                  apps; o, i, e, u/U and F act on the shown app through commands.
          --listen HOST:PORT      where --attach listens (default 127.0.0.1:7420, this machine only; a real phone needs
                                  --listen 0.0.0.0:7420 and this machine's LAN address in the app; port 0 picks a free port).
          --token T               a fixed pairing token for --attach (default: a new random one at every start).
          --record FILE           record the session to FILE as it happens (docs/dashboard.md, "Sessions"): what the
                                  panes are built from, keys masked, one JSON line per change. W starts and stops a
                                  recording in the dashboard (a new optolink-session-<time>.olsession each time).
                                  Headless runs (--scenario, --compare) and optolink-dash lab record too: --open
                                  steps through the run as the dashboard showed it ({ } jump scenario by scenario).
          --cast FILE             write the run as an asciicast v2 file (asciinema play FILE, or any web player):
                                  the screen as drawn, colours included, idle gaps capped at 2 s. Headless: the
                                  dashboard's screen at 120x40. A recorded session: optolink-dash export FILE --cast OUT.
          --open FILE             show a recorded session offline (no server, no device): the same panes, X exports;
                                  [ ] step through it, > plays it (1×, 4×, 16×, 64×; from the end it starts over),
                                  < slows and pauses. A HAR 1.2 file (the dashboard's export, Safari's or Chrome's)
                                  opens in the request panes. A file that is not a session, of a newer format, with a
                                  bad line, or over 256 MB: one line on stderr, exit 2.
          --data-dir DIR          the embedded server keeps its SQLite database in DIR/optolink.sqlite (created if
                                  missing): clicks, devices, events and identities survive a restart (default: in
                                  memory). A database of a newer server is refused (exit 4), an older one migrated.
          -h, --help              show this help.

        COMMANDS:
          doctor                  check a real deployment, line by line: optolink-dash doctor --base-url URL --org-key KEY
                                  [--api-key KEY] [--team-id ID --bundle-id ID] [--link CODE] [--json]
                                  (see optolink-dash doctor --help and docs/doctor.md)
          export                  a recorded session as an asciicast: optolink-dash export SESSION --cast OUT.cast
                                  [--size 120x40] [--speed N] [--idle-limit S] [--theme NAME|PATH]
          proxy                   the fault proxy alone: optolink-dash proxy --upstream URL [--listen HOST:PORT]
                                  [--fault RULE]... (see optolink-dash proxy --help and docs/proxy.md)

        KEYS: press ? in the dashboard for every key; q or Ctrl-C quits; s picks a scenario.

        EXIT CODES: 0 normal quit (headless: every scenario passed or skipped), 1 a scenario failed (headless),
                    2 bad arguments, 3 no usable terminal (TERM unset or unknown, not a TTY), 4 no backend to run
                    against: the embedded server did not start, or --base-url gave no HTTP answer (any status is
                    one; nothing runs and the screen does not open), 130 / 143 stopped by SIGINT / SIGTERM (the
                    terminal is restored in every case).
        """
}

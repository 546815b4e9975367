import DashboardCommandLine
import Foundation
import OptoLink

extension DashboardOptions {
    /// The options `parsed` (the program alone's flags, read by the table) ask for.
    /// - Throws: ``DashboardError/usage(_:)`` for a value the table cannot judge (a listen address, a token, a
    ///   link, a key) or flags that do not go together.
    init(_ parsed: ParsedArguments) throws(DashboardError) {
        self.init(theme: parsed.text("--theme") ?? "default", baseURL: parsed.url("--base-url"))
        if parsed.has("--help") {
            mode = .help(command: parsed.command)
            return
        }
        if parsed.command == DashCommands.open {
            guard let path = parsed.positionals.first else {
                throw .usage("open needs the session to show: optolink-dash open SESSION")
            }
            mouse = !parsed.has("--no-mouse")
            mode = .open(path)
            return
        }
        apiKey = parsed.text("--api-key").map(APIKey.init(rawValue:))
        orgKey = parsed.text("--org-key").map(OrgKey.init(rawValue:))
        provider = parsed.text("--provider").flatMap(OptoLinkService.init(rawValue:)) ?? .optoLink
        appID = parsed.text("--app-id")
        devKey = try parsed.text("--dev-key").map { (text: String) throws(DashboardError) in try DevKey.parse(text) }
        for text in parsed.texts("--link") {
            let (role, url) = try LinkArgument.parse(text)
            guard links[role] == nil else { throw .usage("--link \(role.rawValue) is given twice") }
            links[role] = url
        }
        backoffBase = parsed.number("--backoff-base") ?? 1
        scenario = parsed.text("--scenario")
        compare = parsed.text("--compare")
        exportDirectory = parsed.text("--export")
        junitFile = parsed.text("--junit")
        mouse = !parsed.has("--no-mouse")
        if let text = parsed.text("--listen") {
            guard let address = AttachListenAddress.parse(text) else {
                throw .usage("--listen must be HOST:PORT (port 0–65535), e.g. 0.0.0.0:7420, not '\(text)'")
            }
            listen = address
        }
        if let text = parsed.text("--token") {
            guard PairingToken(text) != nil else {
                throw .usage("--token must be 4–64 printable characters without spaces")
            }
            token = text
        }
        recordFile = parsed.text("--record")
        castFile = parsed.text("--cast")
        dataDirectory = parsed.text("--data-dir")
        mode = try Self.mode(parsed)
        try checkTogether(parsed)
        if !listScenarios {
            // The keys are checked now (the embedded server's address is not known yet: any loopback URL
            // checks them the same way), so a bad flag is a usage error before anything starts.
            _ = try target(for: provider, baseURL: baseURL ?? URL(string: "http://127.0.0.1")!)
        }
        if headless && scenario == nil && compare == nil {
            throw .usage("--headless needs --scenario NAME|all or --compare NAME (see --list-scenarios)")
        }
    }

    /// The one mode the flags ask for.
    private static func mode(_ parsed: ParsedArguments) throws(DashboardError) -> Mode {
        let headless = parsed.has("--headless")
        let attach = parsed.has("--attach")
        if attach && (headless || parsed.has("--scenario")) {
            throw .usage(
                "--attach shows real apps; --headless and --scenario drive simulated devices (use one or the other)")
        }
        let offline = ["--headless", "--attach", "--scenario", "--compare", "--record", "--base-url", "--data-dir"]
        if parsed.has("--open"), offline.contains(where: parsed.has) {
            throw .usage(
                "--open shows a recorded session offline: it goes without --headless, --attach, --scenario, "
                    + "--compare, --record, --base-url and --data-dir")
        }
        if parsed.has("--list-scenarios") { return .listScenarios }
        if let path = parsed.text("--open") { return .open(path) }
        return attach ? .attach : headless ? .headless : .dashboard
    }

    /// The rules between flags that each have a good value.
    private func checkTogether(_ parsed: ParsedArguments) throws(DashboardError) {
        if (exportDirectory != nil || junitFile != nil) && !parsed.has("--headless") {
            throw .usage("--export and --junit go with --headless (in the dashboard, X exports)")
        }
        if (parsed.has("--listen") || token != nil) && !parsed.has("--attach") {
            throw .usage("--listen and --token go with --attach")
        }
        if compare != nil && (scenario != nil || parsed.has("--attach")) {
            throw .usage("--compare runs one scenario against every service; it goes without --scenario and --attach")
        }
        if compare != nil && (exportDirectory != nil || junitFile != nil) {
            throw .usage("--export and --junit go with --scenario (a compare prints its table)")
        }
        if castFile != nil && (openFile != nil || listScenarios) {
            throw .usage(
                "--cast records a run; to turn a recorded session into one: optolink-dash export FILE --cast OUT")
        }
        if dataDirectory != nil && parsed.has("--headless") {
            throw .usage(
                "--data-dir keeps the dashboard's database between runs; headless runs start each scenario from "
                    + "the demo data: drop --data-dir")
        }
        if dataDirectory != nil && baseURL != nil {
            throw .usage("--data-dir is where the embedded server keeps its database; --base-url has its own")
        }
        if provider == .appsFlyer && apiKey != nil {
            throw .usage("AppsFlyer takes --app-id and --dev-key, not --api-key")
        }
        if baseURL == nil, openFile == nil, let flag = Self.deploymentFlags.first(where: parsed.has) {
            throw .usage(
                "\(flag) names something of your deployment: give its --base-url too (without it the dashboard runs "
                    + "on its embedded server, which knows only its demo keys and links)")
        }
    }
}

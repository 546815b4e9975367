import Foundation
import OptoLink

/// The command-line options of `optolink-dash` without a command (read by ``DashCommands``' table).
///
/// ```swift
/// let options = try DashboardOptions.parse(["--headless", "--scenario", "all", "--backoff-base", "0.05"])
/// ```
package struct DashboardOptions: Sendable, Hashable {
    /// What the run does; the modes exclude each other.
    package enum Mode: Sendable, Hashable {
        /// The dashboard with a simulated device (the default).
        case dashboard
        /// `--headless`: no terminal; print the timeline and the verdicts.
        case headless
        /// `--attach`: wait for real apps (``OptoLinkInspector``) instead of driving a simulated device.
        case attach
        /// `open FILE` or `--open FILE`: show a recorded session (or a HAR file); no server, no device.
        case open(String)
        /// `--list-scenarios`: list them and exit.
        case listScenarios
        /// `--help` / `-h`: print the help of the command (``DashCommands/run`` or ``DashCommands/open``) and exit.
        case help(command: String)
    }

    /// The demo org's CLIENT key (the default `--api-key`).
    package static let demoAPIKey = APIKey.demo.rawValue

    /// What the run does (default ``Mode/dashboard``).
    package var mode: Mode
    /// `--theme NAME|PATH` (default `default`).
    package var theme: String
    /// `--base-url URL`: another backend; nil starts the embedded server (default).
    package var baseURL: URL?
    /// `--api-key KEY`: the selected service's key; nil (default): the demo CLIENT key for OptoLink, the demo
    /// seed's keys on the embedded server.
    package var apiKey: APIKey?
    /// `--org-key KEY`; nil (default): the demo org.
    package var orgKey: OrgKey?
    /// `--provider optolink|quberoute|deepblue|appsflyer`: the service the simulated device runs (default OptoLink).
    package var provider: OptoLinkService = .optoLink
    /// `--app-id ID` (AppsFlyer; default the demo app `id123456789` on the embedded server).
    package var appID: String?
    /// `--dev-key KEY` (AppsFlyer; the DevKey the dashboard's simulated backend signs with).
    package var devKey: DevKey?
    /// `--link [ROLE=]URL` (repeatable): the selected service's short links the scenarios click and open, by
    /// role (``LinkRole``). Empty: the embedded seed's demo links on the embedded server, none with `--base-url`.
    package var links: [LinkRole: URL] = [:]
    /// `--backoff-base SECONDS`: the SDK's first retry wait (default 1 s, the SDK's default).
    package var backoffBase: Double
    /// `--scenario NAME|all`: the scenario(s) to run.
    package var scenario: String?
    /// `--compare NAME`: run one scenario against the four services at once, a column each (headless: print
    /// the table; in the dashboard: open the compare view and run it, as `C` does).
    package var compare: String?
    /// `--export DIR` (headless): write the HAR, the report and the screenshot there after the run.
    package var exportDirectory: String?
    /// `--junit FILE` (headless): write the scenario results as JUnit XML.
    package var junitFile: String?
    /// `--no-mouse` turns the mouse off (default on: clicks select panes and rows, the wheel scrolls).
    package var mouse: Bool = true
    /// `--listen HOST:PORT` (attach mode; default `127.0.0.1:7420`, port 0 picks a free one).
    package var listen = AttachListenAddress.standard
    /// `--token T` (attach mode): a fixed pairing token instead of a new random one.
    package var token: String?
    /// `--record FILE`: record the session to FILE from the start (`W` starts and stops a recording too).
    package var recordFile: String?
    /// `--cast FILE`: write the run as an asciicast v2 file (what the screen showed, in colour, with its timing;
    /// headless: the screen the dashboard would have shown, at 120×40).
    package var castFile: String?
    /// `--data-dir DIR`: the embedded server keeps its SQLite database in DIR (created if missing), so clicks,
    /// devices and events survive a restart; nil (default) keeps it in memory.
    package var dataDirectory: String?

    /// Creates options with defaults.
    package init(
        mode: Mode = .dashboard, theme: String = "default", baseURL: URL? = nil, apiKey: APIKey? = nil,
        orgKey: OrgKey? = nil, backoffBase: Double = 1, scenario: String? = nil
    ) {
        self.mode = mode
        self.theme = theme
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.orgKey = orgKey
        self.backoffBase = backoffBase
        self.scenario = scenario
    }

    /// Whether the run is headless.
    package var headless: Bool { mode == .headless }
    /// Whether the run watches real apps.
    package var attach: Bool { mode == .attach }
    /// Whether the run lists the scenarios.
    package var listScenarios: Bool { mode == .listScenarios }
    /// The help the run prints: the command's, from the table; nil when it prints none.
    package var helpText: String? { if case .help(let command) = mode { DashCommands.usage(command) } else { nil } }
    /// The session file `--open` shows, or nil.
    package var openFile: String? { if case .open(let path) = mode { path } else { nil } }
    /// The org the links live in: `--org-key`'s, else the demo org.
    package var effectiveOrgKey: OrgKey { orgKey ?? .demo }

    /// The program's `--help` text, from the table.
    package static var usage: String { DashCommands.usage(DashCommands.run) }

    /// Parses the arguments after the program name (`--flag value` or `--flag=value`).
    /// - Throws: ``DashboardError/usage(_:)`` for an unknown flag, a missing or bad value, flags that do not go
    ///   together, or `--headless` without `--scenario`.
    package static func parse(_ arguments: [String]) throws(DashboardError) -> DashboardOptions {
        try DashboardOptions(DashCommands.parse(arguments, as: DashCommands.run))
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
            : BackendTarget(baseURL: baseURL, apiKey: nil, orgKey: nil, service: service)
        switch service {
        case .optoLink:
            // As before the other services: the demo CLIENT key unless --api-key gives one (for OptoLink).
            target.orgKey = effectiveOrgKey
            if apiKey == nil || provider == .optoLink { target.apiKey = apiKey ?? .demo }
        case .quberoute, .deepBlue:
            if let apiKey, provider == service { target.apiKey = apiKey }
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
            if flag == "--api-key", apiKey != nil, provider != service {
                // One --api-key, the selected service's: a compare over --base-url runs that one's column.
                throw .usage(
                    "--api-key is \(provider.displayName)'s here (--provider \(provider.rawValue)): "
                        + "\(service.displayName) "
                        + "would need one of its own")
            }
            throw .usage(
                "--base-url with \(service.displayName) needs \(flag) (its own "
                    + "\(target.profile.keyFlags.joined(separator: " and ")); the demo keys exist only on "
                    + "the embedded server)"
            )
        }
        // The SDK's own check of the keys (a server key, a secret key, a malformed org key or app id), made
        // here so a bad flag stops the dashboard at start, once, instead of failing every launch.
        do {
            _ = try target.profile.configuration(
                settings: DeviceSettings(target: target, backoffBase: backoffBase),
                address: AddressBox(FingerprintValues.demoPhone.networkAddress))
        } catch {
            // The SDK names what it refuses: the base URL is --base-url's, anything else the keys'.
            let flags =
                error.message.hasPrefix("baseURL") ? "--base-url" : target.profile.keyFlags.joined(separator: " / ")
            throw .usage("\(flags): the SDK refuses this \(service.displayName) configuration: \(error.message)")
        }
        return target
    }
}

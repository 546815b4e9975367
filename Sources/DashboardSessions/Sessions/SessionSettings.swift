import DashboardCore
import DashboardScenarios

/// The settings in force when a session was recorded, as the header line keeps them (keys masked).
package struct SessionSettings: Sendable, Hashable, Codable {
    /// `simulated` (the dashboard's own device), `attach` (real apps, `--attach`) or `har` (an imported HAR).
    package var mode: String
    /// The service (`optolink`, `quberoute`, `deepblue`, `appsflyer`).
    package var service: String
    /// `--base-url`, nil for the embedded server.
    package var baseURL: String?
    /// The org key (OptoLink), empty when none.
    package var orgKey: String
    /// AppsFlyer's app id, nil when none.
    package var appID: String?
    /// The API key, masked to its prefix (``SecretMask/key(_:)``); nil when none was given.
    package var apiKey: String?
    /// AppsFlyer's dev key, masked; nil when none.
    package var devKey: String?
    /// The short links by role (`main`, `cold-start`…).
    package var links: [String: String]
    /// `--scenario` or `--compare`, nil when none.
    package var scenario: String?
    /// Where the embedded server keeps its database (`--data-dir`), nil in memory.
    package var dataDirectory: String?

    /// Creates settings; secrets must already be masked (``init(options:)`` masks them).
    package init(
        mode: String, service: String, baseURL: String? = nil, orgKey: String = "", appID: String? = nil,
        apiKey: String? = nil, devKey: String? = nil, links: [String: String] = [:], scenario: String? = nil,
        dataDirectory: String? = nil
    ) {
        self.mode = mode
        self.service = service
        self.baseURL = baseURL
        self.orgKey = orgKey
        self.appID = appID
        self.apiKey = apiKey
        self.devKey = devKey
        self.links = links
        self.scenario = scenario
        self.dataDirectory = dataDirectory
    }

    /// The settings of a dashboard started with `options`, keys masked.
    package init(options: DashboardOptions) {
        self.init(
            mode: options.attach ? "attach" : "simulated", service: options.provider.rawValue,
            baseURL: options.baseURL?.absoluteString, orgKey: options.effectiveOrgKey.rawValue,
            appID: options.appID, apiKey: options.apiKey.map { SecretMask.key($0.rawValue) },
            devKey: options.devKey.map { SecretMask.key($0.rawValue) },
            links: Dictionary(uniqueKeysWithValues: options.links.map { ($0.key.rawValue, $0.value.absoluteString) }),
            scenario: options.scenario ?? options.compare, dataDirectory: options.dataDirectory)
    }
}

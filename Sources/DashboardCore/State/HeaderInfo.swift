import OptoLink

/// The header line: what the device talks to and what is running.
package struct HeaderInfo: Sendable, Hashable {
    /// The backend's base URL.
    package var targetURL: String
    /// The service the simulated device runs (default OptoLink).
    package var provider: OptoLinkService = .optoLink
    /// The org key (OptoLink), the app id (AppsFlyer), empty for the other services.
    package var orgKey: String
    /// The SDK version string.
    package var sdkVersion: String
    /// The short links the scenarios and `c` use, by role (URLs as text; empty when none was given).
    package var links: [LinkRole: String] = [:]
    /// Whether the backend answered the last reachability check; nil = unknown yet.
    package var serverReachable: Bool?
    /// Which dev routes the backend has, as probed (`/dev/deferred/simulate ✔ · /dev/faults ✘ …`); nil before.
    package var capabilities: String?
    /// The running (or last) scenario's name.
    package var scenarioName: String?
    /// nil while running, then PASS (true) or FAIL (false).
    package var scenarioPassed: Bool?
    /// True when the scenario was skipped (``scenarioPassed`` is then nil).
    package var scenarioSkipped: Bool = false
    /// The scenario's detail line (what it expected, what happened).
    package var scenarioDetail: String?

    /// Creates the header info.
    package init(
        targetURL: String = "", orgKey: String = "", sdkVersion: String = "",
        serverReachable: Bool? = nil, scenarioName: String? = nil, scenarioPassed: Bool? = nil,
        scenarioDetail: String? = nil
    ) {
        self.targetURL = targetURL
        self.orgKey = orgKey
        self.sdkVersion = sdkVersion
        self.serverReachable = serverReachable
        self.scenarioName = scenarioName
        self.scenarioPassed = scenarioPassed
        self.scenarioDetail = scenarioDetail
    }
}

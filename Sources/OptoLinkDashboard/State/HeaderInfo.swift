import OptoLink

/// The header line: what the device talks to and what is running.
public struct HeaderInfo: Sendable, Hashable {
    /// The backend's base URL.
    public var targetURL: String
    /// The service the simulated device runs (default OptoLink).
    public var provider: OptoLinkService = .optoLink
    /// The org key (OptoLink), the app id (AppsFlyer), empty for the other services.
    public var orgKey: String
    /// The SDK version string.
    public var sdkVersion: String
    /// The short links the scenarios and `c` use, by role (URLs as text; empty when none was given).
    public var links: [LinkRole: String] = [:]
    /// Whether the backend answered the last reachability check; nil = unknown yet.
    public var serverReachable: Bool?
    /// The running (or last) scenario's name.
    public var scenarioName: String?
    /// nil while running, then PASS (true) or FAIL (false).
    public var scenarioPassed: Bool?
    /// True when the scenario was skipped (``scenarioPassed`` is then nil).
    public var scenarioSkipped: Bool = false
    /// The scenario's detail line (what it expected, what happened).
    public var scenarioDetail: String?

    /// Creates the header info.
    public init(
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

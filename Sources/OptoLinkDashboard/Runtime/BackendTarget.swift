import Foundation

/// The backend the simulated device talks to: its base URL, the CLIENT key and the org.
public struct BackendTarget: Sendable, Hashable {
    /// The link domain (every endpoint lives there).
    public var baseURL: URL
    /// The CLIENT key (`opl_sdk_…`).
    public var apiKey: String
    /// The org key of the links.
    public var orgKey: String

    /// Creates a target.
    public init(
        baseURL: URL, apiKey: String = DashboardOptions.demoAPIKey, orgKey: String = DashboardOptions.demoOrgKey
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.orgKey = orgKey
    }

    /// The URL of a link as a browser or the app sees it: `<base>/<org>/<shortCode>`.
    public func linkURL(_ shortCode: String) -> URL {
        baseURL.appendingPathComponent(orgKey).appendingPathComponent(shortCode)
    }

    /// `<base>/<path>` (path without a leading slash, may hold a query).
    func url(_ path: String) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + "/" + path)
    }
}

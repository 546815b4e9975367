import Foundation
import OptoLink

/// The backend the simulated device talks to: which service it is, its base URL and that service's keys.
///
/// ```swift
/// let optoLink = BackendTarget(baseURL: server.baseURL)                      // the OptoLink demo org
/// let qubeRoute = BackendTarget.demo(.quberoute, baseURL: server.baseURL)   // the emulation's demo keys
/// ```
///
/// What the dashboard knows about each service (its demo links, click routes, fault route names, what it
/// lacks) is the target's ``profile``: one type per service in `Services/`.
public struct BackendTarget: Sendable, Hashable {
    /// The service (default OptoLink).
    public var service: OptoLinkProvider.Service
    /// The link domain or API origin (every endpoint lives there).
    public var baseURL: URL
    /// The app's key: OptoLink's CLIENT key (`opl_sdk_…`), QubeRoute's publishable key (`qr_live_…`),
    /// Deep Blue's `Api-Key`; unused for AppsFlyer.
    public var apiKey: String
    /// OptoLink: the org key of the links (unused for the other services).
    public var orgKey: String
    /// AppsFlyer: the app id (`id123456789`).
    public var appID: String
    /// AppsFlyer: the DevKey the simulated **backend** signs with (never handed to the SDK).
    public var devKey: String

    /// Creates a target.
    public init(
        baseURL: URL, apiKey: String = DashboardOptions.demoAPIKey, orgKey: String = DashboardOptions.demoOrgKey,
        service: OptoLinkProvider.Service = .optoLink, appID: String = "", devKey: String = ""
    ) {
        self.service = service
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.orgKey = orgKey
        self.appID = appID
        self.devKey = devKey
    }

    /// The demo seed's keys for `service` on `baseURL` (the embedded server's emulations answer them):
    /// OptoLink `opl_sdk_demo_client_key_0000000001` / org `demo`, QubeRoute
    /// `qr_live_demo_publishable_key_0001`, Deep Blue `dbl_sandbox_demo_key_000000001`, AppsFlyer app
    /// `id123456789` with the DevKey `w8sZzy8EaPaxFKfaoTqUi6`.
    public static func demo(_ service: OptoLinkProvider.Service, baseURL: URL) -> BackendTarget {
        ServiceProfiles.profile(for: service).demoTarget(baseURL: baseURL)
    }

    /// What the dashboard knows about this target's service.
    var profile: any ServiceProfile { ServiceProfiles.profile(for: service) }

    /// The URL of a link as a browser or the app sees it: `<base>/<org>/<shortCode>` for OptoLink, the
    /// service's click URL for the others (`/qr/<alias>`, `/dbl/<code>`, `/af/<app id>/<link>`).
    public func linkURL(_ shortCode: String) -> URL {
        profile.linkURL(shortCode, target: self)
    }

    /// What the header shows beside the service: the org key (OptoLink), the app id (AppsFlyer), else empty.
    public var headerKey: String {
        switch service {
        case .optoLink: orgKey
        case .appsFlyer: appID
        case .quberoute, .deepBlue: ""
        }
    }

    /// `<base>/<path>` (path without a leading slash, may hold a query).
    func url(_ path: String) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + "/" + path)
    }
}

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
package struct BackendTarget: Sendable, Hashable {
    /// The service (default OptoLink).
    package var service: OptoLinkService
    /// The link domain or API origin (every endpoint lives there).
    package var baseURL: URL
    /// The app's key: OptoLink's CLIENT key (`opl_sdk_…`), QubeRoute's publishable key (`qr_live_…`),
    /// Deep Blue's `Api-Key`; nil when none is known (AppsFlyer's app has none; a deployment's not given).
    package var apiKey: APIKey?
    /// OptoLink: the org key of the links; nil for the other services, which have none.
    package var orgKey: OrgKey?
    /// AppsFlyer: the app id (`id123456789`); nil for the other services, and for a deployment's not given.
    package var appID: String?
    /// AppsFlyer: the DevKey the simulated **backend** signs with (never handed to the SDK); nil when none is
    /// known.
    package var devKey: DevKey?
    /// The short links the scenarios click and open (default none: `--link` gives a deployment's, and
    /// ``demo(_:baseURL:)`` the embedded seed's).
    package var links: ScenarioLinks

    /// Creates a target.
    package init(
        baseURL: URL, apiKey: APIKey? = .demo, orgKey: OrgKey? = .demo,
        service: OptoLinkService = .optoLink, appID: String? = nil, devKey: DevKey? = nil,
        links: ScenarioLinks = .none
    ) {
        self.service = service
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.orgKey = orgKey
        self.appID = appID
        self.devKey = devKey
        self.links = links
    }

    /// The demo seed's keys and links for `service` on `baseURL` (the embedded server's emulations answer
    /// them): OptoLink `opl_sdk_demo_client_key_0000000001` / org `demo`, QubeRoute
    /// `qr_live_demo_publishable_key_0001`, Deep Blue `dbl_sandbox_demo_key_000000001`, AppsFlyer app
    /// `id123456789` with the DevKey `w8sZzy8EaPaxFKfaoTqUi6`; the campaign link `summer` on each.
    package static func demo(_ service: OptoLinkService, baseURL: URL) -> BackendTarget {
        let profile = ServiceProfiles.profile(for: service)
        var target = profile.demoTarget(baseURL: baseURL)
        target.links = profile.demoLinks(target: target)
        return target
    }

    /// What the dashboard knows about this target's service.
    package var profile: any ServiceProfile { ServiceProfiles.profile(for: service) }

    /// The links as the header and `?` show them (``DashboardAction/linksChanged(_:)``).
    package var linkTexts: [LinkRole: String] { links.byRole.mapValues(\.url.absoluteString) }

    /// The link of `role` (``ScenarioLinks/link(_:)``), nil when the target has none.
    package func link(_ role: LinkRole) -> ScenarioLink? { links.link(role) }

    /// What the header shows beside the service: the org key (OptoLink), the app id (AppsFlyer), else empty.
    package var headerKey: String {
        switch service {
        case .optoLink: orgKey?.rawValue ?? ""
        case .appsFlyer: appID ?? ""
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

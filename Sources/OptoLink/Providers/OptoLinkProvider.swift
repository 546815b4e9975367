import Foundation

/// Which deep-linking service the SDK talks to, with what that service needs beyond a key.
///
/// The facade is the same for every service (``OptoLink/start(configuration:environment:launchURL:)``,
/// ``OptoLink/links``, ``OptoLink/handle(url:)``, the first-launch sequence, the event queue,
/// diagnostics, retries, never throwing); only the requests and the answers differ. Pick the service
/// with its configuration initializer:
///
/// ```swift
/// let optoLink = try OptoLinkConfiguration(apiKey: "opl_sdk_…", orgKey: "demo", baseURL: linkDomain)
/// let quberoute = try OptoLinkConfiguration(quberouteKey: "qr_live_…", linkDomains: ["go.example.com"])
/// let deepBlue = try OptoLinkConfiguration(deepBlueAPIKey: "…", linkDomains: ["demo.dev.thedbl.ink"], urlSchemes: ["myapp"])
/// let appsFlyer = try OptoLinkConfiguration(appsFlyerAppID: "id123456789", hook: .relay { request in … })
/// ```
///
/// How each service's answer maps into ``OptoLinkData`` is in `docs/providers.md`.
public struct OptoLinkProvider: Sendable {
    /// The services the SDK speaks to.
    public enum Service: String, Sendable, Hashable, CaseIterable {
        /// OptoLink (seed 000): `/data`, `/match` with the clipboard token, `/sdk/*`.
        case optoLink = "optolink"
        /// QubeRoute (seed 001): `/api/v1/sdk/resolve`, `/match` once per install, batched `/events`.
        case quberoute
        /// Deep Blue Links (seed 004): `/api/links/resolve`, `/api/links/check-deferred`, URL schemes.
        case deepBlue = "deepblue"
        /// AppsFlyer's server-to-server deep-link API (seed 003), reached through the app's backend.
        case appsFlyer = "appsflyer"
    }

    /// The service.
    public let service: Service
    /// Deep Blue Links: the app's own URL schemes (lower-cased, validated as
    /// ``OptoLinkConfiguration/urlSchemes``, which holds the same list), routed without a request
    /// (`myapp://products/1234` → `/products/1234`). Empty for the other services.
    public let urlSchemes: [String]
    /// AppsFlyer: the app id (`id123456789`) and the hook through which the app's backend signs or makes
    /// the call. Nil for the other services.
    public let appsFlyer: AppsFlyerSettings?

    init(service: Service, urlSchemes: [String] = [], appsFlyer: AppsFlyerSettings? = nil) {
        self.service = service
        self.urlSchemes = urlSchemes
        self.appsFlyer = appsFlyer
    }

    /// OptoLink, the default.
    public static let optoLink = OptoLinkProvider(service: .optoLink)

    /// Whether both name the same service with the same settings (the AppsFlyer hook, a closure, is not compared).
    func hasSameSettings(as other: OptoLinkProvider) -> Bool {
        service == other.service && urlSchemes == other.urlSchemes && appsFlyer?.appID == other.appsFlyer?.appID
    }
}

extension OptoLinkConfiguration {
    /// The retry policy the configuration's settings make, with the provider's own retried statuses.
    var defaultRetryPolicy: RetryPolicy {
        var policy = RetryPolicy(
            maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: maxBackoff, jitter: jitter)
        if provider.service == .quberoute { policy.alsoRetriedStatuses = [429] }
        return policy
    }

    /// A configuration for another service than OptoLink, validated by the OptoLink initializer for the
    /// settings every service shares (base URL, timeout, retries, link domains, queue), then given the
    /// service's key. No clipboard: none of the three has the OptoLink redirect page's click token.
    init(
        provider: OptoLinkProvider, key: String, baseURL: URL, linkDomains: [String], timeout: TimeInterval,
        maxRetries: Int,
        backoffBase: TimeInterval, maxBackoff: TimeInterval, jitter: Bool, existingInstall: Bool,
        eventQueueCapacity: Int,
        urlSchemes: [String] = [], enabledByDefault: Bool = true, logLevel: LogLevel = .warning,
        logging: OptoLinkLogging = .none, logger: OptoLinkLogger?
    ) throws(OptoLinkError) {
        try self.init(
            apiKey: "opl_sdk_provider", orgKey: "none", baseURL: baseURL, timeout: timeout, maxRetries: maxRetries,
            backoffBase: backoffBase, maxBackoff: maxBackoff, jitter: jitter, clipboardReading: .never,
            existingInstall: existingInstall, linkDomains: linkDomains, urlSchemes: urlSchemes,
            eventQueueCapacity: eventQueueCapacity,
            enabledByDefault: enabledByDefault, logLevel: logLevel, logging: logging, logger: logger)
        self.apiKey = key
        self.orgKey = ""
        self.provider =
            provider.service == .deepBlue ? OptoLinkProvider(service: .deepBlue, urlSchemes: self.urlSchemes) : provider
    }

    /// Checks a service key: printable ASCII without spaces, at most 200 characters.
    static func checkPrintable(_ key: String, name: String) throws(OptoLinkError) {
        guard !key.isEmpty, key.count <= 200, key.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
            throw .configuration("\(name) must be 1–200 printable ASCII characters without spaces")
        }
    }
}

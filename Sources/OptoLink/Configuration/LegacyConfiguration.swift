import Foundation

// The initializers and fields the configuration had before its per-service factories, delegating to them
// while the package's callers move over; removed once none is left.

/// The service selector before ``OptoLinkService``.
public struct OptoLinkProvider: Sendable {
    /// The services.
    public typealias Service = OptoLinkService
    /// The service.
    public let service: OptoLinkService
    /// Deep Blue's URL schemes (empty for the others).
    public let urlSchemes: [String]
    /// AppsFlyer's settings (nil for the others).
    public let appsFlyer: AppsFlyerSettings?
}

/// AppsFlyer's settings before ``OptoLinkConfiguration/appsFlyer(appID:hook:baseURL:retry:timeout:privacy:logging:)``.
public struct AppsFlyerSettings: Sendable {
    /// The app id.
    public let appID: String
    /// The hook.
    public let hook: AppsFlyerHook
}

extension OptoLinkConfiguration {
    /// The service and its extra settings.
    public var provider: OptoLinkProvider {
        var settings: AppsFlyerSettings?
        if case .appsFlyer(let appID, let hook) = credentials { settings = AppsFlyerSettings(appID: appID, hook: hook) }
        return OptoLinkProvider(
            service: service, urlSchemes: service == .deepBlue ? links.urlSchemes : [], appsFlyer: settings)
    }
    /// The service's key.
    public var apiKey: String { credentials.key ?? "" }
    /// The org key.
    public var orgKey: String { credentials.orgKey ?? "" }
    /// ``RetryPolicy/maxRetries``.
    public var maxRetries: Int { retry.maxRetries }
    /// ``RetryPolicy/backoffBase``.
    public var backoffBase: TimeInterval { retry.backoffBase }
    /// ``RetryPolicy/maxBackoff``.
    public var maxBackoff: TimeInterval { retry.maxBackoff }
    /// ``RetryPolicy/jitter``.
    public var jitter: Bool { retry.jitter }
    /// ``Clipboard/checkTimeout``.
    public var pasteboardCheckTimeout: TimeInterval { clipboard?.checkTimeout ?? 60 }
    /// ``Privacy/existingInstall``.
    public var existingInstall: Bool { privacy.existingInstall }
    /// ``Links/domains``.
    public var linkDomains: [String] { links.domains }
    /// ``Links/urlSchemes``.
    public var urlSchemes: [String] { links.urlSchemes }
    /// ``Events/queueCapacity``.
    public var eventQueueCapacity: Int { events?.queueCapacity ?? 100 }
    /// ``Privacy/enabledByDefault``.
    public var enabledByDefault: Bool { privacy.enabledByDefault }
    /// ``Logging/level``.
    public var logLevel: LogLevel { logging.level }
    /// ``Logging/logger``.
    public var logger: OptoLinkLogger? { logging.logger }

    /// ``optoLink(apiKey:orgKey:baseURL:links:clipboard:retry:timeout:privacy:events:logging:)``.
    public init(
        apiKey: String, orgKey: String, baseURL: URL, timeout: TimeInterval = 10, maxRetries: Int = 2,
        backoffBase: TimeInterval = 1, maxBackoff: TimeInterval = 30, jitter: Bool = false,
        clipboardReading: ClipboardReading = .atFirstLaunch, pasteboardCheckTimeout: TimeInterval = 60,
        existingInstall: Bool = false, linkDomains: [String] = [], urlSchemes: [String] = [],
        eventQueueCapacity: Int = 100, enabledByDefault: Bool = true, logLevel: LogLevel = .warning,
        logging: OptoLinkLogging = .none, logger: OptoLinkLogger? = nil
    ) throws(OptoLinkError) {
        self = try .optoLink(
            apiKey: apiKey, orgKey: orgKey, baseURL: baseURL,
            links: Links(domains: linkDomains, urlSchemes: urlSchemes),
            clipboard: Clipboard(reading: clipboardReading, checkTimeout: pasteboardCheckTimeout),
            retry: RetryPolicy(
                maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: maxBackoff, jitter: jitter),
            timeout: timeout, privacy: Privacy(enabledByDefault: enabledByDefault, existingInstall: existingInstall),
            events: Events(queueCapacity: eventQueueCapacity),
            logging: Logging(level: logLevel, destination: logging, logger: logger))
    }

    /// ``quberoute(publishableKey:baseURL:links:retry:timeout:privacy:events:logging:)``.
    public init(
        quberouteKey: String, baseURL: URL = URL(string: "https://app.quberoute.com")!, linkDomains: [String] = [],
        timeout: TimeInterval = 3, maxRetries: Int = 2, backoffBase: TimeInterval = 1, maxBackoff: TimeInterval = 30,
        jitter: Bool = false, existingInstall: Bool = false, eventQueueCapacity: Int = 100,
        enabledByDefault: Bool = true, logLevel: LogLevel = .warning, logging: OptoLinkLogging = .none,
        logger: OptoLinkLogger? = nil
    ) throws(OptoLinkError) {
        self = try .quberoute(
            publishableKey: quberouteKey, baseURL: baseURL, links: Links(domains: linkDomains),
            retry: RetryPolicy(
                maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: maxBackoff, jitter: jitter),
            timeout: timeout, privacy: Privacy(enabledByDefault: enabledByDefault, existingInstall: existingInstall),
            events: Events(queueCapacity: eventQueueCapacity),
            logging: Logging(level: logLevel, destination: logging, logger: logger))
    }

    /// ``deepBlue(apiKey:baseURL:links:retry:timeout:privacy:logging:)``.
    public init(
        deepBlueAPIKey: String, baseURL: URL = URL(string: "https://dev.thedbl.ink")!, linkDomains: [String] = [],
        urlSchemes: [String] = [], timeout: TimeInterval = 10, maxRetries: Int = 2, backoffBase: TimeInterval = 1,
        maxBackoff: TimeInterval = 30, jitter: Bool = false, existingInstall: Bool = false,
        enabledByDefault: Bool = true, logLevel: LogLevel = .warning, logging: OptoLinkLogging = .none,
        logger: OptoLinkLogger? = nil
    ) throws(OptoLinkError) {
        self = try .deepBlue(
            apiKey: deepBlueAPIKey, baseURL: baseURL, links: Links(domains: linkDomains, urlSchemes: urlSchemes),
            retry: RetryPolicy(
                maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: maxBackoff, jitter: jitter),
            timeout: timeout, privacy: Privacy(enabledByDefault: enabledByDefault, existingInstall: existingInstall),
            logging: Logging(level: logLevel, destination: logging, logger: logger))
    }

    /// ``appsFlyer(appID:hook:baseURL:retry:timeout:privacy:logging:)``.
    public init(
        appsFlyerAppID: String, hook: AppsFlyerHook, baseURL: URL = URL(string: "https://dls2s.appsflyer.com/v1.0")!,
        timeout: TimeInterval = 10, maxRetries: Int = 2, backoffBase: TimeInterval = 1, maxBackoff: TimeInterval = 30,
        jitter: Bool = false, existingInstall: Bool = false, enabledByDefault: Bool = true,
        logLevel: LogLevel = .warning, logging: OptoLinkLogging = .none, logger: OptoLinkLogger? = nil
    ) throws(OptoLinkError) {
        self = try .appsFlyer(
            appID: appsFlyerAppID, hook: hook, baseURL: baseURL,
            retry: RetryPolicy(
                maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: maxBackoff, jitter: jitter),
            timeout: timeout, privacy: Privacy(enabledByDefault: enabledByDefault, existingInstall: existingInstall),
            logging: Logging(level: logLevel, destination: logging, logger: logger))
    }
}

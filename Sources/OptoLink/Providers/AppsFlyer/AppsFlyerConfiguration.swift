import Foundation

extension OptoLinkConfiguration {
    /// A configuration for AppsFlyer's server-to-server iOS deep-link request (seed 003), reached through
    /// your backend (``AppsFlyerHook``): the SDK never holds the DevKey.
    ///
    /// ```swift
    /// let configuration = try OptoLinkConfiguration(appsFlyerAppID: "id123456789", hook: .signing { timestamp in … })
    /// ```
    ///
    /// The first launch sends `POST <base>/ios/<app_id>?af_sig=…` with `is_first: "true"`, `lang`, `os`,
    /// `timestamp`, `type`, `ip` and `request_id`; `{found: true, click_event}` is the deferred link.
    /// AppsFlyer's S2S API resolves no URLs: ``OptoLink/handle(url:)`` returns nil (route them yourself),
    /// and it takes no events from the app.
    ///
    /// - Parameters:
    ///   - appsFlyerAppID: the app id (`id` and digits for an App Store app); no `/`, `?`, `#` or spaces.
    ///   - hook: your backend's signing or relay.
    ///   - baseURL: default `https://dls2s.appsflyer.com/v1.0`.
    ///   - timeout: seconds per attempt, and for the signing hook's answer (default 10).
    ///   - maxRetries: after no answer or a 5xx, 503 and 504 included (default 2).
    ///   - backoffBase: default 1 s.
    ///   - maxBackoff: default 30 s.
    ///   - jitter: default false.
    ///   - existingInstall: default false.
    ///   - enabledByDefault: whether the SDK is enabled before the app calls ``OptoLink/setEnabled(_:)``
    ///     (default true; false for consent-first apps).
    ///   - logLevel: the least serious line the logger gets (default ``LogLevel/warning``).
    ///   - logging: a ready-made log destination (default ``OptoLinkLogging/none``).
    ///   - logger: default nil.
    /// - Throws: ``OptoLinkError/invalidConfiguration`` saying what is wrong.
    public init(
        appsFlyerAppID: String,
        hook: AppsFlyerHook,
        baseURL: URL = URL(string: "https://dls2s.appsflyer.com/v1.0")!,
        timeout: TimeInterval = 10,
        maxRetries: Int = 2,
        backoffBase: TimeInterval = 1,
        maxBackoff: TimeInterval = 30,
        jitter: Bool = false,
        existingInstall: Bool = false,
        enabledByDefault: Bool = true,
        logLevel: LogLevel = .warning,
        logging: OptoLinkLogging = .none,
        logger: OptoLinkLogger? = nil
    ) throws(OptoLinkError) {
        let appID = appsFlyerAppID.trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.checkPrintable(appID, name: "appsFlyerAppID")
        guard !appID.contains(where: { "/?#%".contains($0) }) else {
            throw .configuration("appsFlyerAppID must not hold /, ?, # or %, got \"\(appID)\"")
        }
        try self.init(
            provider: OptoLinkProvider(service: .appsFlyer, appsFlyer: AppsFlyerSettings(appID: appID, hook: hook)),
            key: "",
            baseURL: baseURL, linkDomains: [], timeout: timeout, maxRetries: maxRetries, backoffBase: backoffBase,
            maxBackoff: maxBackoff, jitter: jitter, existingInstall: existingInstall, eventQueueCapacity: 100,
            enabledByDefault: enabledByDefault, logLevel: logLevel, logging: logging, logger: logger)
    }
}

import Foundation

extension OptoLinkConfiguration {
    /// A configuration for AppsFlyer's server-to-server iOS deep-link request (seed 003), reached through
    /// your backend (``AppsFlyerHook``): the SDK never holds the DevKey.
    ///
    /// ```swift
    /// let configuration = try OptoLinkConfiguration.appsFlyer(appID: "id123456789", hook: .signing { timestamp in … })
    /// ```
    ///
    /// The first launch sends `POST <base>/ios/<app_id>?af_sig=…` with `is_first: "true"`, `lang`, `os`,
    /// `timestamp`, `type`, `ip` and `request_id`; `{found: true, click_event}` is the deferred link.
    /// AppsFlyer's S2S API resolves no URLs (so there are no links to configure: ``OptoLink/handle(url:)``
    /// returns nil, route them yourself), takes no events and binds no users
    /// (``OptoLinkError/unsupportedByService``).
    ///
    /// - Parameters:
    ///   - appID: the app id (`id` and digits for an App Store app); no `/`, `?`, `#`, `%` or spaces.
    ///   - hook: your backend's signing or relay.
    ///   - baseURL: default `https://dls2s.appsflyer.com/v1.0`.
    ///   - retry: retries after no answer or a 5xx, 503 and 504 included (default 2, waiting 1 s then 2 s).
    ///   - timeout: seconds per attempt, and for the signing hook's answer (default 10).
    ///   - privacy: consent first, and an install that predates the SDK (no request at all) (default:
    ///     enabled, a new install).
    ///   - logging: log level and destinations (default warnings and errors).
    /// - Throws: ``OptoLinkError/invalidConfiguration`` saying what is wrong.
    public static func appsFlyer(
        appID: String,
        hook: AppsFlyerHook,
        baseURL: URL = URL(string: "https://dls2s.appsflyer.com/v1.0")!,
        retry: RetryPolicy = RetryPolicy(),
        timeout: TimeInterval = 10,
        privacy: Privacy = Privacy(),
        logging: Logging = Logging()
    ) throws(OptoLinkError) -> OptoLinkConfiguration {
        let id = appID.trimmingCharacters(in: .whitespacesAndNewlines)
        try checkPrintable(id, name: "appID")
        guard !id.contains(where: { "/?#%".contains($0) }) else {
            throw .configuration("appID must not hold /, ?, # or %, got \"\(id)\"")
        }
        return try OptoLinkConfiguration(
            credentials: .appsFlyer(appID: id, hook: hook), baseURL: baseURL, links: Links(), clipboard: nil,
            retry: retry, timeout: timeout, privacy: privacy, events: nil, logging: logging)
    }
}

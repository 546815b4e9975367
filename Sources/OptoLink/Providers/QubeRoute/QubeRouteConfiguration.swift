import Foundation

extension OptoLinkConfiguration {
    /// A configuration for QubeRoute (seed 001): its REST API called natively, with the SDK's deferred
    /// sequence, offline queue, retries and never-throw guarantees.
    ///
    /// ```swift
    /// let configuration = try OptoLinkConfiguration.quberoute(
    ///     publishableKey: "qr_live_…", links: .init(domains: ["go.example.com"]))
    /// ```
    ///
    /// A URL on a links domain (or on `baseURL`'s host) with a path is resolved with `/api/v1/sdk/resolve`;
    /// the first launch asks `/api/v1/sdk/match` once per install; events go in batches to
    /// `/api/v1/sdk/events`, with a value when sent through ``OptoLink/quberoute``. No clipboard token, no
    /// identity: ``OptoLink/setIdentity(_:)`` returns false (``OptoLinkError/unsupportedByService``).
    ///
    /// - Parameters:
    ///   - publishableKey: `qr_live_…` or `qr_test_…` (the environment is the key). A secret key
    ///     `qr_sk_…` is refused: it must never ship in an app.
    ///   - baseURL: the API origin (default `https://app.quberoute.com`).
    ///   - links: your link hosts and URL schemes (default none).
    ///   - retry: retries after no answer, a 5xx or a 429 (default 2, waiting 1 s then 2 s); other 4xx are
    ///     final. 429 is always added to ``RetryPolicy/alsoRetriedStatuses``: QubeRoute's page asks for it.
    ///   - timeout: seconds per attempt (default 3, as QubeRoute's package).
    ///   - privacy: consent first, and an install that predates the SDK (no `/match`) (default: enabled,
    ///     a new install).
    ///   - events: events kept while offline (default 100, as QubeRoute's package).
    ///   - logging: log level and destinations (default warnings and errors).
    /// - Throws: ``OptoLinkError/invalidConfiguration`` saying what is wrong.
    public static func quberoute(
        publishableKey: String,
        baseURL: URL = URL(string: "https://app.quberoute.com")!,
        links: Links = Links(),
        retry: RetryPolicy = RetryPolicy(),
        timeout: TimeInterval = 3,
        privacy: Privacy = Privacy(),
        events: Events = Events(),
        logging: Logging = Logging()
    ) throws(OptoLinkError) -> OptoLinkConfiguration {
        let key = publishableKey.trimmingCharacters(in: .whitespacesAndNewlines)
        if key.hasPrefix("qr_sk_") {
            throw .configuration(
                "publishableKey is a secret key (qr_sk_…): QubeRoute's SDK endpoints refuse it, and anything shipped "
                    + "in an app binary can be extracted. Use a publishable key (qr_live_… or qr_test_…).")
        }
        guard let prefix = ["qr_live_", "qr_test_"].first(where: key.hasPrefix), key.count > prefix.count else {
            throw .configuration("publishableKey must be a publishable key starting with qr_live_ or qr_test_")
        }
        try checkPrintable(key, name: "publishableKey")
        var retry = retry
        retry.alsoRetriedStatuses.insert(429)
        return try OptoLinkConfiguration(
            credentials: .quberoute(publishableKey: key), baseURL: baseURL, links: links, clipboard: nil,
            retry: retry, timeout: timeout, privacy: privacy, events: events, logging: logging)
    }
}

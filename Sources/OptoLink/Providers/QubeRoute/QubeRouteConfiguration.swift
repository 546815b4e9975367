import Foundation

extension OptoLinkConfiguration {
    /// A configuration for QubeRoute (seed 001): its REST API called natively, with the SDK's deferred
    /// sequence, offline queue, retries and never-throw guarantees.
    ///
    /// ```swift
    /// let configuration = try OptoLinkConfiguration(quberouteKey: "qr_live_…", linkDomains: ["go.example.com"])
    /// ```
    ///
    /// - Parameters:
    ///   - quberouteKey: a publishable key, `qr_live_…` or `qr_test_…` (the environment is the key). A
    ///     secret key `qr_sk_…` is refused: it must never ship in an app.
    ///   - baseURL: the API origin (default `https://app.quberoute.com`).
    ///   - linkDomains: your link hosts; a URL on one of them (or on `baseURL`'s host) with a path is
    ///     resolved with `/api/v1/sdk/resolve`. Default none.
    ///   - timeout: seconds per attempt (default 3, as QubeRoute's package).
    ///   - maxRetries: retries after no answer, a 5xx or a 429 (default 2); other 4xx are final.
    ///   - backoffBase: default 1 s.
    ///   - maxBackoff: default 30 s.
    ///   - jitter: default false.
    ///   - existingInstall: an install that predates the SDK asks no `/match` (default false).
    ///   - eventQueueCapacity: events kept while offline (default 100, as QubeRoute's package).
    ///   - enabledByDefault: whether the SDK is enabled before the app calls ``OptoLink/setEnabled(_:)``
    ///     (default true; false for consent-first apps).
    ///   - logLevel: the least serious line the logger gets (default ``LogLevel/warning``).
    ///   - logging: a ready-made log destination (default ``OptoLinkLogging/none``).
    ///   - logger: default nil.
    /// - Throws: ``OptoLinkError/invalidConfiguration`` saying what is wrong.
    public init(
        quberouteKey: String,
        baseURL: URL = URL(string: "https://app.quberoute.com")!,
        linkDomains: [String] = [],
        timeout: TimeInterval = 3,
        maxRetries: Int = 2,
        backoffBase: TimeInterval = 1,
        maxBackoff: TimeInterval = 30,
        jitter: Bool = false,
        existingInstall: Bool = false,
        eventQueueCapacity: Int = 100,
        enabledByDefault: Bool = true,
        logLevel: LogLevel = .warning,
        logging: OptoLinkLogging = .none,
        logger: OptoLinkLogger? = nil
    ) throws(OptoLinkError) {
        let key = quberouteKey.trimmingCharacters(in: .whitespacesAndNewlines)
        if key.hasPrefix("qr_sk_") {
            throw .configuration(
                "quberouteKey is a secret key (qr_sk_…): QubeRoute's SDK endpoints refuse it, and anything shipped in an app "
                    + "binary can be extracted. Use a publishable key (qr_live_… or qr_test_…).")
        }
        guard let prefix = ["qr_live_", "qr_test_"].first(where: key.hasPrefix), key.count > prefix.count else {
            throw .configuration("quberouteKey must be a publishable key starting with qr_live_ or qr_test_")
        }
        try Self.checkPrintable(key, name: "quberouteKey")
        try self.init(
            provider: OptoLinkProvider(service: .quberoute), key: key, baseURL: baseURL, linkDomains: linkDomains,
            timeout: timeout,
            maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: maxBackoff, jitter: jitter,
            existingInstall: existingInstall,
            eventQueueCapacity: eventQueueCapacity, enabledByDefault: enabledByDefault, logLevel: logLevel,
            logging: logging, logger: logger)
    }
}

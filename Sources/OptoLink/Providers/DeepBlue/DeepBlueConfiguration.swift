import Foundation

extension OptoLinkConfiguration {
    /// A configuration for Deep Blue Links (seed 004): resolve with `Api-Key`, URL-scheme routing and the
    /// install's deferred link, with the SDK's retries and never-throw guarantees.
    ///
    /// ```swift
    /// let configuration = try OptoLinkConfiguration(
    ///     deepBlueAPIKey: "…", linkDomains: ["demo.dev.thedbl.ink"], urlSchemes: ["myapp"])
    /// ```
    ///
    /// - Parameters:
    ///   - deepBlueAPIKey: the app's key (the sandbox key in debug builds, the live key in release builds).
    ///   - baseURL: the API origin (default `https://dev.thedbl.ink`).
    ///   - linkDomains: your link hosts (`demo.dev.thedbl.ink`, custom domains); a URL on one of them (or
    ///     on `baseURL`'s host) with a path is resolved with `/api/links/resolve`. Default none.
    ///   - urlSchemes: your app's URL schemes (`"myapp"`): `myapp://products/1234` routes to
    ///     `/products/1234` without a request. Letters, digits, `+`, `-`, `.`, starting with a letter; not
    ///     `http(s)`. Default none.
    ///   - timeout: seconds per attempt (default 10).
    ///   - maxRetries: after no answer or a 5xx (default 2).
    ///   - backoffBase: default 1 s.
    ///   - maxBackoff: default 30 s.
    ///   - jitter: default false.
    ///   - existingInstall: an install that predates the SDK asks no check-deferred (default false).
    ///   - enabledByDefault: whether the SDK is enabled before the app calls ``OptoLink/setEnabled(_:)``
    ///     (default true; false for consent-first apps).
    ///   - logLevel: the least serious line the logger gets (default ``LogLevel/warning``).
    ///   - logging: a ready-made log destination (default ``OptoLinkLogging/none``).
    ///   - logger: default nil.
    /// - Throws: ``OptoLinkError/invalidConfiguration`` saying what is wrong.
    public init(
        deepBlueAPIKey: String,
        baseURL: URL = URL(string: "https://dev.thedbl.ink")!,
        linkDomains: [String] = [],
        urlSchemes: [String] = [],
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
        let key = deepBlueAPIKey.trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.checkPrintable(key, name: "deepBlueAPIKey")
        try self.init(
            provider: OptoLinkProvider(service: .deepBlue), key: key, baseURL: baseURL, linkDomains: linkDomains,
            timeout: timeout, maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: maxBackoff, jitter: jitter,
            existingInstall: existingInstall, eventQueueCapacity: 100, urlSchemes: urlSchemes,
            enabledByDefault: enabledByDefault, logLevel: logLevel, logging: logging, logger: logger)
    }
}

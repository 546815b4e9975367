import Foundation

extension OptoLinkConfiguration {
    /// A configuration for Deep Blue Links (seed 004): resolve with `Api-Key`, URL-scheme routing and the
    /// install's deferred link, with the SDK's retries and never-throw guarantees.
    ///
    /// ```swift
    /// let configuration = try OptoLinkConfiguration.deepBlue(
    ///     apiKey: "…", links: .init(domains: ["demo.dev.thedbl.ink"], urlSchemes: ["myapp"]))
    /// ```
    ///
    /// A URL on a links domain (or on `baseURL`'s host) with a path is resolved with `/api/links/resolve`;
    /// `myapp://products/1234` routes to `/products/1234` without a request; the first launch asks
    /// `/api/links/check-deferred`. Deep Blue takes no events and binds no users:
    /// ``OptoLink/trackEvent(_:properties:)``
    /// and ``OptoLink/setIdentity(_:)`` return false (``OptoLinkError/unsupportedByService``).
    ///
    /// - Parameters:
    ///   - apiKey: the app's key (the sandbox key in debug builds, the live key in release builds).
    ///   - baseURL: the API origin (default `https://dev.thedbl.ink`).
    ///   - links: your link hosts (`demo.dev.thedbl.ink`, custom domains) and URL schemes (default none).
    ///   - retry: retries after no answer or a 5xx (default 2, waiting 1 s then 2 s).
    ///   - timeout: seconds per attempt (default 10).
    ///   - privacy: consent first, and an install that predates the SDK (no check-deferred) (default:
    ///     enabled, a new install).
    ///   - logging: log level and destinations (default warnings and errors).
    /// - Throws: ``OptoLinkError/invalidConfiguration`` saying what is wrong.
    public static func deepBlue(
        apiKey: String,
        baseURL: URL = URL(string: "https://dev.thedbl.ink")!,
        links: Links = Links(),
        retry: RetryPolicy = RetryPolicy(),
        timeout: TimeInterval = 10,
        privacy: Privacy = Privacy(),
        logging: Logging = Logging()
    ) throws(OptoLinkError) -> OptoLinkConfiguration {
        let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        try checkPrintable(key, name: "apiKey")
        return try OptoLinkConfiguration(
            credentials: .deepBlue(apiKey: key), baseURL: baseURL, links: links, clipboard: nil, retry: retry,
            timeout: timeout, privacy: privacy, events: nil, logging: logging)
    }
}

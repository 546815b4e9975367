import Foundation

/// Where and how ``AppsFlyerS2SClient`` calls: the base URL, the per-attempt timeout, the retries.
public struct AppsFlyerS2SConfiguration: Sendable, Hashable {
    /// AppsFlyer's production base URL, `https://dls2s.appsflyer.com/v1.0` (the API's `servers` entry).
    public static let productionBaseURL = URL(string: "https://dls2s.appsflyer.com/v1.0")!

    /// The base the request path `/ios/{app_id}` is appended to (default ``productionBaseURL``). Point it
    /// at an emulation for tests (the reference server serves `{its address}/v1.0`). `http` or `https`,
    /// with a host, without a query or fragment; a trailing `/` is ignored.
    public var baseURL: URL
    /// The longest one attempt may take, in seconds (default 3): past it the attempt counts as "no
    /// answer" and is retried like a network error. Enforced on the client's clock, and handed to the
    /// transport too. Three seconds because the answer decides what an app shows at launch: a slower
    /// answer is better retried than waited for.
    public var attemptTimeout: TimeInterval
    /// Which failures are retried and how long to wait between attempts (default
    /// ``S2SRetryPolicy/default``: 2 retries after 0.5 s and 1 s, on 5xx answers and network errors).
    public var retryPolicy: S2SRetryPolicy

    /// Creates a configuration; checked when the client is created.
    public init(
        baseURL: URL = AppsFlyerS2SConfiguration.productionBaseURL, attemptTimeout: TimeInterval = 3,
        retryPolicy: S2SRetryPolicy = .default
    ) {
        self.baseURL = baseURL
        self.attemptTimeout = attemptTimeout
        self.retryPolicy = retryPolicy
    }

    /// The base URL as text without a trailing `/`, once it passes the checks.
    func validatedBase() throws -> String {
        guard let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host, !host.isEmpty
        else {
            throw OptoLinkS2SError.configuration(
                "baseURL", "The base URL must be an http or https URL with a host: got \(baseURL)")
        }
        guard components.query == nil, components.fragment == nil else {
            throw OptoLinkS2SError.configuration(
                "baseURL", "The base URL must not have a query or fragment: got \(baseURL)")
        }
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Throws when the timeout is not a positive finite number of seconds.
    func validateTimeout() throws {
        guard attemptTimeout.isFinite, attemptTimeout > 0 else {
            throw OptoLinkS2SError.configuration(
                "attemptTimeout", "The attempt timeout must be positive seconds: got \(attemptTimeout)")
        }
    }
}

import Foundation

/// Which service the SDK talks to, with that service's credentials and the settings it can use, validated
/// when it is made: the only place the SDK throws.
///
/// Made by one factory per service, each taking only what its service can do:
///
/// ```swift
/// let configuration = try OptoLinkConfiguration.optoLink(
///     apiKey: "opl_sdk_…",                      // the CLIENT key, public by design
///     orgKey: "demo",
///     baseURL: URL(string: "https://links.example.com")!,
///     links: .init(domains: ["go.example.com"], urlSchemes: ["myapp"]))
/// ```
///
/// - ``optoLink(apiKey:orgKey:baseURL:links:clipboard:retry:timeout:privacy:events:logging:)``: OptoLink,
///   with the clipboard token and events.
/// - ``quberoute(publishableKey:baseURL:links:retry:timeout:privacy:events:logging:)``: QubeRoute, with
///   events, with values (``OptoLink/quberoute``).
/// - ``deepBlue(apiKey:baseURL:links:retry:timeout:privacy:logging:)``: Deep Blue Links.
/// - ``appsFlyer(appID:hook:baseURL:retry:timeout:privacy:logging:)``: AppsFlyer's server-to-server
///   deep-link API, through your backend.
///
/// Every parameter after the credentials has a default; the settings are grouped in values of their own
/// (``Links``, ``Clipboard``, ``RetryPolicy``, ``Privacy``, ``Events``, ``Logging``). What a service
/// cannot do is not a parameter of its factory; the facade's calls it has no endpoint for
/// (``OptoLink/setIdentity(_:)`` on QubeRoute, ``OptoLink/trackEvent(_:properties:)`` on Deep Blue…)
/// return false and log ``OptoLinkError/unsupportedByService``. The table is in <doc:Services>.
public struct OptoLinkConfiguration: Sendable {
    /// The service's credentials: the key (and org) its requests carry, or AppsFlyer's app id and hook.
    package let credentials: Credentials
    /// The service's origin, where every endpoint lives (trailing slashes removed): your OptoLink link
    /// domain, or the service's API origin.
    public let baseURL: URL
    /// Which incoming URLs are the app's links (hosts besides ``baseURL``'s, and the app's own URL
    /// schemes), validated and normalized: host names lower-cased without trailing dots, schemes
    /// lower-cased without repeats. Empty for AppsFlyer, whose API resolves no URL.
    public let links: Links
    /// When the first launch reads OptoLink's click token from the pasteboard; nil for the other services
    /// (none has a click token: the SDK never reads the pasteboard for them).
    public let clipboard: Clipboard?
    /// When a failed attempt is tried again and after how long (for requests, and the waits of the event
    /// queue). QubeRoute's has 429 in ``RetryPolicy/alsoRetriedStatuses``.
    public let retry: RetryPolicy
    /// Seconds each attempt may take in all, from sending to the whole answer (10 s; QubeRoute 3 s). The
    /// SDK enforces it itself, on its clock: an answer that trickles in a byte at a time cannot hold an
    /// attempt past it (a URLSession timeout only counts idle time).
    public let timeout: TimeInterval
    /// Whether the SDK may work before the app's consent, and whether this install predates the SDK.
    public let privacy: Privacy
    /// The event queue; nil for the services that take no events from an app (Deep Blue Links, AppsFlyer).
    public let events: Events?
    /// Where the SDK's log lines go, from which level.
    public let logging: Logging

    /// The service behind the SDK.
    public var service: OptoLinkService { credentials.service }

    /// Whether the pasteboard may be read at all: ``clipboard`` is set and its reading is not
    /// ``ClipboardReading/never`` (the Flutter SDK's `clipboardEnabled`).
    public var clipboardEnabled: Bool { clipboardReading != .never }

    /// When the first launch reads the pasteboard: ``ClipboardReading/never`` for a service without a
    /// click token.
    package var clipboardReading: ClipboardReading { clipboard?.reading ?? .never }

    /// Validates the settings every service shares (the factories have checked the credentials) and
    /// creates the configuration.
    ///
    /// - Throws: ``OptoLinkError/invalidConfiguration`` naming the setting that is wrong.
    init(
        credentials: Credentials, baseURL: URL, links: Links, clipboard: Clipboard?, retry: RetryPolicy,
        timeout: TimeInterval, privacy: Privacy, events: Events?, logging: Logging
    ) throws(OptoLinkError) {
        self.credentials = credentials
        self.baseURL = try Self.validated(baseURL: baseURL)
        self.links = try links.validated()
        self.clipboard = try clipboard?.validated()
        self.retry = try Self.validated(retry: retry)
        guard timeout > 0, timeout.isFinite else {
            throw .configuration("timeout must be a positive number of seconds")
        }
        self.timeout = timeout
        self.privacy = privacy
        self.events = try events?.validated()
        self.logging = logging
    }

    /// `baseURL` without its trailing slashes, when it is `http(s)://host[:port][/prefix]`.
    private static func validated(baseURL: URL) throws(OptoLinkError) -> URL {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else {
            throw .configuration(
                "baseURL must be an http(s) URL with a host and no query, got \"\(baseURL.absoluteString)\"")
        }
        return url
    }

    /// `retry` when its numbers are ones a schedule can be made of.
    private static func validated(retry: RetryPolicy) throws(OptoLinkError) -> RetryPolicy {
        guard retry.maxRetries >= 0 else { throw .configuration("retry.maxRetries must be 0 or more") }
        guard retry.backoffBase >= 0, retry.backoffBase.isFinite else {
            throw .configuration("retry.backoffBase must be 0 or more seconds")
        }
        guard retry.maxBackoff >= 0, retry.maxBackoff.isFinite else {
            throw .configuration("retry.maxBackoff must be 0 or more seconds")
        }
        return retry
    }

    /// Checks a service key or id: 1–200 printable ASCII characters without spaces.
    static func checkPrintable(_ key: String, name: String) throws(OptoLinkError) {
        guard !key.isEmpty, key.count <= 200, key.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
            throw .configuration("\(name) must be 1–200 printable ASCII characters without spaces")
        }
    }

    /// Whether every setting but the closures (the logger, AppsFlyer's hook, the retries' random source,
    /// not comparable) is the same.
    func hasSameSettings(as other: OptoLinkConfiguration) -> Bool {
        credentials.hasSameSettings(as: other.credentials) && baseURL == other.baseURL && links == other.links
            && clipboard == other.clipboard && retry == other.retry && timeout == other.timeout
            && privacy == other.privacy && events == other.events && logging.hasSameSettings(as: other.logging)
    }
}

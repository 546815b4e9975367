import Foundation

/// Everything the SDK needs to know about your org, validated when it is created: the only place the
/// SDK throws.
///
/// ```swift
/// let configuration = try OptoLinkConfiguration(
///     apiKey: "opl_sdk_…",                      // the CLIENT key, public by design
///     orgKey: "demo",
///     baseURL: URL(string: "https://links.example.com")!,
///     linkDomains: ["go.example.com"])
/// ```
public struct OptoLinkConfiguration: Sendable {
    /// The CLIENT key (`opl_sdk_…`). Sent as `X-API-Key` to `/match` and `/data` and as
    /// `Authorization: Bearer` to `/sdk/*`.
    public internal(set) var apiKey: String
    /// The service behind the SDK (``OptoLinkProvider``): OptoLink unless a provider's own initializer made
    /// this configuration (then ``apiKey`` holds that service's key and ``orgKey`` is empty).
    public internal(set) var provider: OptoLinkProvider = .optoLink
    /// The org key: exactly 4 ASCII letters or digits (the first path segment of your links).
    public internal(set) var orgKey: String
    /// The org's link domain, where every endpoint lives (trailing slashes removed).
    public let baseURL: URL
    /// Seconds each attempt may take in all, from sending to the whole answer. Default 10 s, as the
    /// Flutter SDK. The SDK enforces it itself, on its clock: an answer that trickles in a byte at a time
    /// cannot hold an attempt past it (a URLSession timeout only counts idle time).
    public let timeout: TimeInterval
    /// Retries after a network error, timeout or 5xx. Default 2 (so at most 3 attempts).
    public let maxRetries: Int
    /// The first retry's wait; then 2×, 4×… Default 1 s (1 s, 2 s, 4 s, as the Flutter SDK).
    public let backoffBase: TimeInterval
    /// The longest wait between retries (also for the event queue's later retries), `Retry-After`
    /// included. Default 30 s.
    public let maxBackoff: TimeInterval
    /// Full jitter on retry waits (``RetryPolicy/jitter``). Default false, so the waits are exactly
    /// 1 s, 2 s, 4 s as in the Flutter SDK; turn it on when many devices may fail at the same moment.
    public let jitter: Bool
    /// When the first launch reads the pasteboard for the click token. Default
    /// ``ClipboardReading/atFirstLaunch`` (the best match, as the Flutter SDK); ``ClipboardReading/whenAppAsks``
    /// lets your app choose the moment of the iOS 16+ paste prompt; ``ClipboardReading/never`` avoids it at
    /// the cost of fingerprint-only matching.
    public let clipboardReading: ClipboardReading
    /// With ``ClipboardReading/whenAppAsks``: how long the first launch's `/match` waits for
    /// ``OptoLink/checkPasteboard()`` before it is sent without the token. Default 60 s: long enough for
    /// a short onboarding, short enough that the fingerprint (the network address) is still the click's.
    public let pasteboardCheckTimeout: TimeInterval
    /// Whether the pasteboard may be read at all: `clipboardReading != .never` (the Flutter SDK's
    /// `clipboardEnabled`).
    public var clipboardEnabled: Bool { clipboardReading != .never }
    /// Whether this install predates the SDK: your app was installed (and used) before a version that
    /// embeds OptoLink. Then the SDK's first start is not a first launch: no `/match` (so no fingerprint or
    /// IP match that would send an existing user somewhere they never clicked), no pasteboard read; the
    /// first-launch flag is set and `/sdk/session` registers the device. Default false. Decide it from your
    /// own data (a signed-in user, your own "has launched before" flag); it matters only on the SDK's first
    /// start on an install and changes nothing after.
    public let existingInstall: Bool
    /// Extra hosts (besides `baseURL`'s) accepted for incoming links, e.g. a custom link domain.
    /// Default none. Compared case-insensitively.
    public let linkDomains: [String]
    /// Your app's own URL schemes (`"myapp"` for `myapp://…`), lower-cased. A URL with one of them is
    /// ours too (``OptoLink/canHandle(url:)``): ``OptoLink/handle(url:)`` delivers it at once, without a
    /// request, as a link with ``MatchMethod/customScheme`` whose path is the URL's host and path
    /// (`myapp://products/1234` → `/products/1234`) and whose params are its query items. Default none.
    public let urlSchemes: [String]
    /// How many events the queue keeps while they cannot be sent; the oldest goes first. Default 100.
    public let eventQueueCapacity: Int
    /// Whether the SDK is enabled on an install where the app never called ``OptoLink/setEnabled(_:)``.
    /// Default true. Pass false when data collection needs the user's consent first: nothing (no
    /// pasteboard read, no `/match`, no `/sdk/*` call) happens until `setEnabled(true)`, which then lets
    /// the first launch go on in the same launch. Once the app made a choice, the stored choice wins.
    public let enabledByDefault: Bool
    /// The least serious line the logger and ``logging`` get: ``LogLevel/debug`` (each request attempt),
    /// ``LogLevel/info`` (each finished request, match, delivered link, and notes such as an app
    /// extension's skipped first launch), ``LogLevel/warning`` or ``LogLevel/error``. Default
    /// ``LogLevel/warning``: only what was degraded or failed, so a shipped app's log stays quiet.
    /// ``OptoLink/diagnostics`` records every info, warning and error line whatever the level.
    public let logLevel: LogLevel
    /// A ready-made log destination: ``OptoLinkLogging/none`` (default) or, on Apple platforms,
    /// `OptoLinkLogging.osLog` (unified logging). Gets the same lines as ``logger``.
    public let logging: OptoLinkLogging
    /// Your own log function, given the lines at ``logLevel`` or above. Default nil (the lines still
    /// appear in ``OptoLink/diagnostics``).
    public let logger: OptoLinkLogger?

    /// Validates and creates a configuration.
    ///
    /// - Parameters:
    ///   - apiKey: the CLIENT key `opl_sdk_…`. A SERVER key `opl_api_…` is refused: it can create and
    ///     delete your links and anything shipped in an app binary is public.
    ///   - orgKey: exactly 4 ASCII letters or digits.
    ///   - baseURL: `http(s)://host[:port][/prefix]`; trailing slashes are removed.
    ///   - timeout: seconds per attempt, > 0 (default 10).
    ///   - maxRetries: ≥ 0 (default 2).
    ///   - backoffBase: seconds, ≥ 0 (default 1).
    ///   - maxBackoff: seconds, ≥ 0 (default 30).
    ///   - jitter: default false.
    ///   - clipboardReading: default ``ClipboardReading/atFirstLaunch``.
    ///   - pasteboardCheckTimeout: seconds, ≥ 0 (default 60).
    ///   - existingInstall: default false.
    ///   - linkDomains: extra link hosts, default `[]`: each a host name alone (ASCII or Unicode, no scheme,
    ///     port, path or wildcard).
    ///   - urlSchemes: your URL schemes, default `[]` (letters, digits, `+`, `-`, `.`, starting with a
    ///     letter; not `http` or `https`).
    ///   - eventQueueCapacity: ≥ 1 (default 100).
    ///   - enabledByDefault: default true.
    ///   - logLevel: default ``LogLevel/warning``.
    ///   - logging: default ``OptoLinkLogging/none``; `OptoLinkLogging.osLog` on Apple platforms.
    ///   - logger: default nil.
    /// - Throws: ``OptoLinkError/invalidConfiguration`` with a message saying what is wrong.
    public init(
        apiKey: String,
        orgKey: String,
        baseURL: URL,
        timeout: TimeInterval = 10,
        maxRetries: Int = 2,
        backoffBase: TimeInterval = 1,
        maxBackoff: TimeInterval = 30,
        jitter: Bool = false,
        clipboardReading: ClipboardReading = .atFirstLaunch,
        pasteboardCheckTimeout: TimeInterval = 60,
        existingInstall: Bool = false,
        linkDomains: [String] = [],
        urlSchemes: [String] = [],
        eventQueueCapacity: Int = 100,
        enabledByDefault: Bool = true,
        logLevel: LogLevel = .warning,
        logging: OptoLinkLogging = .none,
        logger: OptoLinkLogger? = nil
    ) throws(OptoLinkError) {
        let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        if key.hasPrefix("opl_api_") {
            throw .configuration(
                "apiKey is a SERVER key (opl_api_…): it can create, change and delete your links, and anything "
                    + "shipped in an app binary can be extracted. Never ship it in an app; use the CLIENT key (opl_sdk_…)."
            )
        }
        guard key.hasPrefix("opl_sdk_"), key.count > "opl_sdk_".count else {
            throw .configuration("apiKey must be a CLIENT key starting with opl_sdk_")
        }
        guard key.count <= 200, key.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
            throw .configuration("apiKey must be printable ASCII without spaces")
        }
        guard orgKey.count == 4,
            orgKey.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) })
        else {
            throw .configuration("orgKey must be exactly 4 ASCII letters or digits, got \"\(orgKey)\"")
        }
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else {
            throw .configuration(
                "baseURL must be an http(s) URL with a host and no query, got \"\(baseURL.absoluteString)\"")
        }
        guard timeout > 0, timeout.isFinite else {
            throw .configuration("timeout must be a positive number of seconds")
        }
        guard maxRetries >= 0 else { throw .configuration("maxRetries must be 0 or more") }
        guard backoffBase >= 0, backoffBase.isFinite else {
            throw .configuration("backoffBase must be 0 or more seconds")
        }
        guard maxBackoff >= 0, maxBackoff.isFinite else { throw .configuration("maxBackoff must be 0 or more seconds") }
        guard pasteboardCheckTimeout >= 0, pasteboardCheckTimeout.isFinite else {
            throw .configuration("pasteboardCheckTimeout must be 0 or more seconds")
        }
        guard eventQueueCapacity >= 1 else { throw .configuration("eventQueueCapacity must be at least 1") }
        var domains: [String] = []
        for domain in linkDomains {
            var host = domain.trimmingCharacters(in: .whitespaces).lowercased()
            while host.hasSuffix(".") { host.removeLast() }
            // A host alone: a link's host is compared without its port, user or anything after it, and
            // a wildcard would never equal one, so such an entry could match no link at all.
            // An IPv6 literal (`::1`, or `[::1]`) is a host too, kept as `URL` gives it: without brackets.
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            let isIPv6 = host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
            guard !host.isEmpty, isIPv6 || !host.contains(where: { " /:?#@*[]\\".contains($0) }) else {
                throw .configuration(
                    "linkDomains holds \"\(domain)\", which is not a host name (give each host alone: no scheme, "
                        + "port, path, query, user or wildcard)")
            }
            domains.append(host)
        }
        self.apiKey = key
        self.orgKey = orgKey
        self.baseURL = url
        self.timeout = timeout
        self.maxRetries = maxRetries
        self.backoffBase = backoffBase
        self.maxBackoff = maxBackoff
        self.jitter = jitter
        self.clipboardReading = clipboardReading
        self.pasteboardCheckTimeout = pasteboardCheckTimeout
        self.existingInstall = existingInstall
        var schemes: [String] = []
        for scheme in urlSchemes {
            let lower = scheme.lowercased()
            guard let first = lower.unicodeScalars.first, first.isASCII, CharacterSet.lowercaseLetters.contains(first),
                lower.unicodeScalars.allSatisfy({
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0))
                }),
                lower != "http", lower != "https"
            else {
                throw .configuration(
                    "urlSchemes holds \"\(scheme)\", which is not a custom URL scheme (a letter, then letters, digits, +, - or .; not http(s))"
                )
            }
            if !schemes.contains(lower) { schemes.append(lower) }
        }
        self.linkDomains = domains
        self.urlSchemes = schemes
        self.eventQueueCapacity = eventQueueCapacity
        self.enabledByDefault = enabledByDefault
        self.logLevel = logLevel
        self.logging = logging
        self.logger = logger
    }
}

extension OptoLinkConfiguration {
    /// Whether every setting but the logger (a closure, not comparable) is the same.
    func hasSameSettings(as other: OptoLinkConfiguration) -> Bool {
        apiKey == other.apiKey && orgKey == other.orgKey && baseURL == other.baseURL && timeout == other.timeout
            && maxRetries == other.maxRetries && backoffBase == other.backoffBase && maxBackoff == other.maxBackoff
            && jitter == other.jitter
            && provider.hasSameSettings(as: other.provider)
            && clipboardReading == other.clipboardReading && pasteboardCheckTimeout == other.pasteboardCheckTimeout
            && existingInstall == other.existingInstall && linkDomains == other.linkDomains
            && urlSchemes == other.urlSchemes && eventQueueCapacity == other.eventQueueCapacity
            && enabledByDefault == other.enabledByDefault && logLevel == other.logLevel && logging == other.logging
    }
}

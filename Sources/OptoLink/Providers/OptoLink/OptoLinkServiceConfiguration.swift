import Foundation

extension OptoLinkConfiguration {
    /// A configuration for OptoLink (seed 000): direct opens with `/data`, the first launch's `/match` with
    /// the clipboard token, sessions, identity and events on `/sdk/*`.
    ///
    /// ```swift
    /// let configuration = try OptoLinkConfiguration.optoLink(
    ///     apiKey: "opl_sdk_…", orgKey: "demo", baseURL: URL(string: "https://links.example.com")!,
    ///     links: .init(domains: ["go.example.com"], urlSchemes: ["myapp"]),
    ///     clipboard: .init(reading: .whenAppAsks))
    /// ```
    ///
    /// Incoming links are `http(s)://<baseURL's host or a links domain>/<orgKey>/<shortCode>`, and URLs with
    /// one of ``Links/urlSchemes``.
    ///
    /// - Parameters:
    ///   - apiKey: the CLIENT key `opl_sdk_…`, sent as `X-API-Key` to `/match` and `/data` and as
    ///     `Authorization: Bearer` to `/sdk/*`. A SERVER key `opl_api_…` is refused: it can create and
    ///     delete your links, and anything shipped in an app binary is public.
    ///   - orgKey: exactly 4 ASCII letters or digits (the first path segment of your links).
    ///   - baseURL: your link domain, `http(s)://host[:port][/prefix]`; trailing slashes are removed.
    ///   - links: extra link hosts and your URL schemes (default none).
    ///   - clipboard: when the first launch reads the click token (default at once; a `/match` waits
    ///     at most 60 s for ``OptoLink/checkPasteboard()`` with ``ClipboardReading/whenAppAsks``).
    ///   - retry: retries after a network error, timeout or 5xx (default 2, waiting 1 s then 2 s, at most
    ///     30 s, no jitter, as the Flutter SDK).
    ///   - timeout: seconds per attempt, > 0 (default 10, as the Flutter SDK).
    ///   - privacy: consent first, and an install that predates the SDK (default: enabled, a new install).
    ///   - events: the event queue (default 100 events kept while offline).
    ///   - logging: log level and destinations (default warnings and errors, nowhere but
    ///     ``OptoLink/diagnostics``).
    /// - Throws: ``OptoLinkError/invalidConfiguration`` with a message saying what is wrong.
    public static func optoLink(
        apiKey: String,
        orgKey: String,
        baseURL: URL,
        links: Links = Links(),
        clipboard: Clipboard = Clipboard(),
        retry: RetryPolicy = RetryPolicy(),
        timeout: TimeInterval = 10,
        privacy: Privacy = Privacy(),
        events: Events = Events(),
        logging: Logging = Logging()
    ) throws(OptoLinkError) -> OptoLinkConfiguration {
        let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        if key.hasPrefix("opl_api_") {
            throw .configuration(
                "apiKey is a SERVER key (opl_api_…): it can create, change and delete your links, and anything "
                    + "shipped in an app binary can be extracted. Never ship it in an app; use the CLIENT key "
                    + "(opl_sdk_…)."
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
        return try OptoLinkConfiguration(
            credentials: .optoLink(clientKey: key, orgKey: orgKey), baseURL: baseURL, links: links,
            clipboard: clipboard, retry: retry, timeout: timeout, privacy: privacy, events: events, logging: logging)
    }
}

import Foundation

/// Decides whether an incoming URL is one of this org's links and extracts its short code.
///
/// Accepted: `http(s)://<host>/<orgKey>/<shortCode>` with an optional trailing slash, where `<host>` is
/// the base URL's host or one of ``OptoLinkConfiguration/linkDomains`` (case-insensitive, port ignored)
/// and `<orgKey>` is exactly the configured org key. Query and fragment are ignored. Also accepted:
/// `<scheme>:…` for a scheme in ``OptoLinkConfiguration/urlSchemes`` (``customSchemeLink(in:)``). Anything
/// else (other hosts, other orgs, other schemes, deeper paths) is not ours: the app routes it itself.
struct LinkURLMatcher: Sendable {
    let orgKey: String
    let hosts: Set<String>
    let schemes: Set<String>

    init(configuration: OptoLinkConfiguration) {
        self.orgKey = configuration.orgKey
        var hosts = Set(configuration.linkDomains)
        if let host = configuration.baseURL.host { hosts.insert(Self.normalize(host)) }
        self.hosts = hosts
        self.schemes = Set(configuration.urlSchemes)
    }

    /// What `url` leads to when it is ours: a short link, or one of the app's URL schemes; else nil.
    func target(for url: URL) -> LinkTarget? {
        if let code = shortCode(in: url) { return .shortCode(code) }
        return customSchemeLink(in: url).map(LinkTarget.customScheme)
    }

    /// The link a custom-scheme URL stands for (``CustomSchemeLink``, shared with Deep Blue Links).
    func customSchemeLink(in url: URL) -> OptoLinkData? {
        CustomSchemeLink.link(in: url, schemes: schemes, service: .optoLink)
    }

    /// The short code when `url` is one of our links, else nil.
    ///
    /// Runs at the start of every direct open, so it reads the URL's parts without re-parsing it
    /// (`URLComponents`), splitting into new strings or percent-decoding a code that has no `%`.
    func shortCode(in url: URL) -> String? {
        if let parts = Self.plainParts(of: url.absoluteString) {
            guard Self.isHTTP(parts.scheme), hosts.contains(Self.normalize(parts.host)) else { return nil }
            return shortCode(inPercentEncodedPath: parts.path)
        }
        guard let scheme = url.scheme, Self.isHTTP(scheme), let host = url.host, hosts.contains(Self.normalize(host))
        else {
            return nil
        }
        return shortCode(inPercentEncodedPath: Self.percentEncodedPath(of: url))
    }

    /// Scheme, host and percent-encoded path read straight from an absolute URL string
    /// `scheme://host[:port][/path][?query][#fragment]`, as `URL`'s accessors would give them; nil for
    /// anything else (no `//`, user info, an IPv6 or percent-encoded host), which `URL` then reads.
    static func plainParts(of text: String) -> (scheme: String, host: String, path: String)? {
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        var index = bytes.index(after: colon)
        for _ in 0..<2 {
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "/") else { return nil }
            index = bytes.index(after: index)
        }
        let hostStart = index
        var hostEnd: String.Index?
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "[") { return nil }
            if byte == UInt8(ascii: ":"), hostEnd == nil { hostEnd = index }
            index = bytes.index(after: index)
        }
        let pathStart = index
        while index < bytes.endIndex, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            index = bytes.index(after: index)
        }
        let host = text[hostStart..<(hostEnd ?? pathStart)]
        guard !host.isEmpty else { return nil }
        return (String(text[..<colon]), String(host), String(text[pathStart..<index]))
    }

    /// The short code in a percent-encoded path `/<orgKey>/<code>` (optionally with a trailing slash).
    func shortCode(inPercentEncodedPath path: String) -> String? {
        var segments = path.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)[...]
        guard segments.first?.isEmpty == true else { return nil }
        segments.removeFirst()
        if segments.count == 3, segments.last?.isEmpty == true { segments.removeLast() }
        guard segments.count == 2, segments.first == orgKey[...], let raw = segments.last else { return nil }
        guard let code = raw.contains("%") ? raw.removingPercentEncoding : String(raw),
            !code.isEmpty, code.count <= 200, !code.contains("/")
        else { return nil }
        return code
    }

    /// `url`'s path as written (percent-encoded), "" when it has none.
    private static func percentEncodedPath(of url: URL) -> String {
        if #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) {
            return url.path(percentEncoded: true)
        }
        return URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
    }

    /// `http` or `https`, in any case.
    private static func isHTTP(_ scheme: String) -> Bool {
        let lower = scheme.utf8.allSatisfy({ $0 < 0x41 || $0 > 0x5a }) ? scheme : scheme.lowercased()
        return lower == "https" || lower == "http"
    }

    private static func normalize(_ host: String) -> String {
        if host.utf8.allSatisfy({ ($0 < 0x41 || $0 > 0x5a) && $0 < 0x80 }), host.utf8.last != UInt8(ascii: ".") {
            return host
        }
        var host = host.lowercased()
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }
}

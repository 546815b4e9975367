import Foundation

/// Decides whether an incoming URL is one of this org's links and extracts its short code.
///
/// Accepted: `http(s)://<host>/<orgKey>/<shortCode>` with an optional trailing slash, where `<host>` is
/// the base URL's host or one of ``OptoLinkConfiguration/Links/domains`` (case-insensitive, port ignored)
/// and `<orgKey>` is exactly the configured org key. Query and fragment are ignored. Also accepted:
/// `<scheme>:…` for a scheme in ``OptoLinkConfiguration/Links/urlSchemes`` (``customSchemeLink(in:)``). Anything
/// else (other hosts, other orgs, other schemes, deeper paths) is not ours: the app routes it itself.
struct LinkURLMatcher: Sendable {
    /// The org key of the short links; nil for a configuration of another service (then no URL is a short link).
    let orgKey: String?
    let hosts: LinkHosts
    let schemes: Set<String>

    init(configuration: OptoLinkConfiguration) {
        self.orgKey = configuration.credentials.orgKey
        self.hosts = LinkHosts(configuration: configuration)
        self.schemes = Set(configuration.links.urlSchemes)
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
    /// Runs at the start of every direct open, so it reads the URL's string byte by byte, without
    /// re-parsing it (`URLComponents`), splitting it into new strings, or percent-decoding a code that has
    /// no `%`.
    func shortCode(in url: URL) -> String? {
        if let parts = Self.plainParts(of: url.absoluteString) {
            guard Self.isHTTP(parts.scheme), hosts.contains(parts.host) else { return nil }
            return shortCode(inPercentEncodedPath: parts.path)
        }
        guard let scheme = url.scheme, Self.isHTTP(scheme[...]), let host = url.host, hosts.contains(host[...]) else {
            return nil
        }
        return shortCode(inPercentEncodedPath: Self.percentEncodedPath(of: url)[...])
    }

    /// Scheme, host and percent-encoded path read straight from an absolute URL string
    /// `scheme://host[:port][/path][?query][#fragment]`, as `URL`'s accessors would give them; nil for
    /// anything else (no `//`, user info, an IPv6 or percent-encoded host), which `URL` then reads.
    static func plainParts(of text: String) -> (scheme: Substring, host: Substring, path: Substring)? {
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
        return (text[..<colon], host, text[pathStart..<index])
    }

    /// The short code in a percent-encoded path `/<orgKey>/<code>` (optionally with a trailing slash), its dot
    /// segments removed first as Flutter's `Uri` removes them (`/demo/./summer` is `/demo/summer`, and
    /// `/demo/..` is `/`, no link): the code percent-decoded, 1–200 characters, without a `/`; nil for any
    /// other path.
    func shortCode(inPercentEncodedPath path: Substring) -> String? {
        let path = Self.removingDotSegments(path)
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        // "/" orgKey "/"
        guard let orgKey, bytes.first == slash else { return nil }
        var index = bytes.index(after: bytes.startIndex)
        for byte in orgKey.utf8 {
            guard index < bytes.endIndex, bytes[index] == byte else { return nil }
            index = bytes.index(after: index)
        }
        guard index < bytes.endIndex, bytes[index] == slash else { return nil }
        let codeStart = bytes.index(after: index)
        // The code runs to the end, or to a slash that ends the path.
        var codeEnd = bytes.endIndex
        if let next = bytes[codeStart...].firstIndex(of: slash) {
            guard bytes.index(after: next) == bytes.endIndex else { return nil }
            codeEnd = next
        }
        let raw = path[codeStart..<codeEnd]
        guard !raw.isEmpty else { return nil }
        guard raw.utf8.contains(UInt8(ascii: "%")) else {
            // Printable ASCII: one character per byte. (A URL's string holds nothing else unencoded.)
            if raw.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return raw.utf8.count <= 200 ? String(raw) : nil }
            return raw.count <= 200 ? String(raw) : nil
        }
        guard let code = raw.removingPercentEncoding, !code.isEmpty, code.count <= 200, !code.contains("/") else {
            return nil
        }
        return code
    }

    /// `url`'s path as written (percent-encoded), "" when it has none.
    private static func percentEncodedPath(of url: URL) -> String {
        if #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) {
            return url.path(percentEncoded: true)
        }
        return URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? ""
    }

    /// `http` or `https`, in any case.
    /// `path` without its dot segments (RFC 3986 §5.2.4; a segment `.` or `..`, also percent-encoded as
    /// `%2E`, §6.2.2.2): `/a/./b` → `/a/b`, `/a/b/../c` → `/a/c`, `/a/..` → `/`. The path itself when it
    /// has none (every usual link: no new string).
    static func removingDotSegments(_ path: Substring) -> Substring {
        // Fast path, no allocation (every direct open comes here): no segment starts with `.` or `%`.
        var previous = UInt8(ascii: "/")
        var mayHaveDots = false
        for byte in path.utf8 {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%") {
                mayHaveDots = true
                break
            }
            previous = byte
        }
        guard mayHaveDots else { return path }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.contains(where: { dots(in: $0) != nil }) else { return path }
        var output: [Substring] = []
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch dots(in: segment) {
            case 1?:
                if isLast { output.append("") }  // `/a/.` is `/a/`
            case 2?:
                if output.count > 1 { output.removeLast() }  // never above the root (output[0] is before it)
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return output.joined(separator: "/")[...]
    }

    /// 1 for a segment `.`, 2 for `..` (each dot written as itself or as `%2E`/`%2e`), nil otherwise.
    private static func dots(in segment: Substring) -> Int? {
        var count = 0
        var rest = segment.utf8[...]
        while !rest.isEmpty {
            if rest.first == UInt8(ascii: ".") {
                rest = rest.dropFirst()
            } else if rest.count >= 3, rest.first == UInt8(ascii: "%"),
                rest.dropFirst().first == UInt8(ascii: "2"),
                rest.dropFirst(2).first.map({ $0 | 0x20 }) == UInt8(ascii: "e")
            {
                rest = rest.dropFirst(3)
            } else {
                return nil
            }
            count += 1
            if count > 2 { return nil }
        }
        return count == 0 ? nil : count
    }

    static func isHTTP(_ scheme: Substring) -> Bool {
        let bytes = scheme.utf8
        guard bytes.count == 4 || bytes.count == 5 else { return false }
        for (byte, expected) in zip(bytes, "https".utf8) where byte | 0x20 != expected { return false }
        return true
    }
}

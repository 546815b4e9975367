import Foundation

extension OptoLinkConfiguration {
    /// Which incoming URLs are the app's links, besides those on the configuration's `baseURL` host.
    ///
    /// ```swift
    /// links: .init(domains: ["go.example.com"], urlSchemes: ["myapp"])
    /// ```
    public struct Links: Sendable, Hashable {
        /// Extra hosts (besides `baseURL`'s) whose URLs are links, e.g. a custom link domain: each a host
        /// name alone (ASCII or Unicode, no scheme, port, path or wildcard), compared case-insensitively.
        /// Default none.
        public var domains: [String]
        /// Your app's own URL schemes (`"myapp"` for `myapp://…`): letters, digits, `+`, `-`, `.`, starting
        /// with a letter; not `http` or `https`. A URL with one of them is read without a request
        /// (``OptoLink/handle(url:)`` delivers it with ``MatchMethod/customScheme``: `myapp://products/1234`
        /// → `/products/1234`, its query items the params). Default none.
        public var urlSchemes: [String]

        /// Creates the settings; the configuration's factory validates them.
        public init(domains: [String] = [], urlSchemes: [String] = []) {
            self.domains = domains
            self.urlSchemes = urlSchemes
        }

        /// The same links, normalized: host names lower-cased without trailing dots (an IPv6 literal
        /// without its brackets), schemes lower-cased without repeats.
        ///
        /// - Throws: ``OptoLinkError/invalidConfiguration`` naming the entry that is not a host or scheme.
        func validated() throws(OptoLinkError) -> Links {
            var hosts: [String] = []
            for domain in domains {
                var host = domain.trimmingCharacters(in: .whitespaces).lowercased()
                while host.hasSuffix(".") { host.removeLast() }
                // A host alone: a link's host is compared without its port, user or anything after it, and
                // a wildcard would never equal one, so such an entry could match no link at all.
                // An IPv6 literal (`::1`, or `[::1]`) is a host too, kept as `URL` gives it: without brackets.
                if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
                let isIPv6 = host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
                guard !host.isEmpty, isIPv6 || !host.contains(where: { " /:?#@*[]\\".contains($0) }) else {
                    throw .configuration(
                        "links.domains holds \"\(domain)\", which is not a host name (give each host alone: no "
                            + "scheme, port, path, query, user or wildcard)")
                }
                hosts.append(host)
            }
            var schemes: [String] = []
            for scheme in urlSchemes {
                let lower = scheme.lowercased()
                guard let first = lower.unicodeScalars.first, first.isASCII,
                    CharacterSet.lowercaseLetters.contains(first),
                    lower.unicodeScalars.allSatisfy({
                        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0))
                    }),
                    lower != "http", lower != "https"
                else {
                    throw .configuration(
                        "links.urlSchemes holds \"\(scheme)\", which is not a custom URL scheme (a letter, then "
                            + "letters, digits, +, - or .; not http(s))")
                }
                if !schemes.contains(lower) { schemes.append(lower) }
            }
            return Links(domains: hosts, urlSchemes: schemes)
        }
    }
}

import Foundation

/// Decides whether an incoming URL is one of this org's links and extracts its short code.
///
/// Accepted: `http(s)://<host>/<orgKey>/<shortCode>` with an optional trailing slash, where `<host>` is
/// the base URL's host or one of ``OptoLinkConfiguration/linkDomains`` (case-insensitive, port ignored)
/// and `<orgKey>` is exactly the configured org key. Query and fragment are ignored. Anything else
/// (other hosts, other orgs, custom schemes, deeper paths) is not ours: the app routes it itself.
struct LinkURLMatcher: Sendable {
    let orgKey: String
    let hosts: Set<String>

    init(configuration: OptoLinkConfiguration) {
        self.orgKey = configuration.orgKey
        var hosts = Set(configuration.linkDomains)
        if let host = configuration.baseURL.host { hosts.insert(Self.normalize(host)) }
        self.hosts = hosts
    }

    /// The short code when `url` is one of our links, else nil.
    func shortCode(in url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, hosts.contains(Self.normalize(host)),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return nil }
        var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.first == "" else { return nil }
        segments.removeFirst()
        if segments.count == 3, segments[2].isEmpty { segments.removeLast() }
        guard segments.count == 2, segments[0] == orgKey,
            let code = segments[1].removingPercentEncoding, !code.isEmpty, code.count <= 200, !code.contains("/")
        else { return nil }
        return code
    }

    private static func normalize(_ host: String) -> String {
        var host = host.lowercased()
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }
}

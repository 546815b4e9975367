import Foundation

/// What the non-OptoLink providers share: which hosts are the app's link hosts, and a JSON POST.
enum ProviderSupport {
    /// The configuration's link hosts: `baseURL`'s host and ``OptoLinkConfiguration/linkDomains``, lower-cased.
    static func linkHosts(_ configuration: OptoLinkConfiguration) -> Set<String> {
        var hosts = Set(configuration.linkDomains)
        if let host = configuration.baseURL.host { hosts.insert(normalize(host)) }
        return hosts
    }

    /// Whether `url` is `http(s)://<one of hosts>/<something>` (a link has a path; a bare host is not one).
    static func isLink(_ url: URL, hosts: Set<String>) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = url.host,
            hosts.contains(normalize(host))
        else { return false }
        let path = url.path
        return !path.isEmpty && path != "/"
    }

    /// `host` lower-cased, without trailing dots.
    static func normalize(_ host: String) -> String {
        var host = host.lowercased()
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }

    /// A `POST <baseURL><path>` with `body` as JSON (sorted keys) and `headers` plus
    /// `Content-Type: application/json` and `Accept: application/json`.
    static func post<Body: Encodable>(
        _ path: String, body: Body, headers: [String: String], configuration: OptoLinkConfiguration,
        query: String? = nil
    ) throws(OptoLinkError) -> HTTPRequest {
        var text = configuration.baseURL.absoluteString + path
        if let query { text += "?" + query }
        guard let url = URL(string: text) else { throw .argument("Cannot build a URL for \(path)") }
        let data: Data
        do {
            data = try JSONBody.encode(body)
        } catch {
            throw .argument("Cannot encode the body of \(path): \(error)")
        }
        var fields = headers
        fields["Content-Type"] = "application/json"
        fields["Accept"] = "application/json"
        return HTTPRequest(method: "POST", url: url, headers: fields, body: data, timeout: configuration.timeout)
    }

    /// The query items of `url` as link params (`?a=1&b=2` → `["a": "1", "b": "2"]`; the last value of a
    /// repeated name wins; items without a value are `""`).
    static func queryParams(of url: URL) -> [String: JSONValue] {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return [:] }
        var params: [String: JSONValue] = [:]
        for item in items { params[item.name] = .string(item.value ?? "") }
        return params
    }

    /// `url`'s path, `/` when it has none.
    static func path(of url: URL) -> String {
        let path = url.path
        return path.isEmpty ? "/" : path
    }
}

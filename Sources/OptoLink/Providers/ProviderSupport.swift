import Foundation
internal import OptoLinkClientCore

/// What the non-OptoLink providers share: which hosts are the app's link hosts, and a JSON POST.
enum ProviderSupport {
    /// Whether `url` is `http(s)://<one of hosts>/<something>` (a link has a path; a bare host is not one).
    ///
    /// Runs at the start of every direct open: a plain URL is read from its string
    /// (``LinkURLMatcher/plainParts(of:)``); one whose path has an escape or parameters is left to `URL`.
    static func isLink(_ url: URL, hosts: LinkHosts) -> Bool {
        if let parts = LinkURLMatcher.plainParts(of: url.absoluteString),
            !parts.path.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: ";") })
        {
            return LinkURLMatcher.isHTTP(parts.scheme) && hosts.contains(parts.host) && !parts.path.isEmpty
                && parts.path != "/"
        }
        guard let scheme = url.scheme, LinkURLMatcher.isHTTP(scheme[...]), let host = url.host,
            hosts.contains(host[...])
        else { return false }
        let path = url.path
        return !path.isEmpty && path != "/"
    }

    /// `headers` plus `Content-Type: application/json` and `Accept: application/json`: what every JSON POST
    /// of a provider carries (each provider makes its set once).
    static func jsonHeaders(_ headers: [String: String]) -> [String: String] {
        var fields = headers
        fields["Content-Type"] = "application/json"
        fields["Accept"] = "application/json"
        return fields
    }

    /// A `POST <baseURL><path>` with `body` as JSON (sorted keys) and `headers` (``jsonHeaders(_:)``).
    static func post<Body: Encodable>(
        _ path: String, body: Body, headers: [String: String], configuration: OptoLinkConfiguration,
        query: String? = nil
    ) throws(OptoLinkError) -> HTTPRequest {
        let data: Data
        do {
            data = try JSONBody.encode(body)
        } catch {
            throw .argument("Cannot encode the body of \(path): \(error)")
        }
        return try post(
            endpointURL(path, configuration: configuration, query: query), path: path, data: data, headers: headers,
            configuration: configuration)
    }

    /// A `POST` to `url` (``endpointURL(_:configuration:query:)``, which a direct open's provider makes
    /// once) of an object of string members (``JSONBody/encode(strings:)``): the direct opens' bodies and
    /// AppsFlyer's first-launch body, on the bench's timed paths.
    static func post(
        _ url: URL?, path: String, strings: [String: String], headers: [String: String],
        configuration: OptoLinkConfiguration
    ) throws(OptoLinkError) -> HTTPRequest {
        try post(
            url, path: path, data: JSONBody.encode(strings: strings), headers: headers, configuration: configuration)
    }

    /// `<baseURL><path>[?query]`, nil when that is not a URL.
    static func endpointURL(_ path: String, configuration: OptoLinkConfiguration, query: String? = nil) -> URL? {
        url(endpointText(path, configuration: configuration), query: query)
    }

    /// `<baseURL><path>`, the text of an endpoint's URL, for a provider that makes it once and adds a query
    /// per request (``url(_:query:)``).
    static func endpointText(_ path: String, configuration: OptoLinkConfiguration) -> String {
        configuration.baseURL.absoluteString + path
    }

    /// `<endpoint>[?query]`, nil when that is not a URL.
    static func url(_ endpoint: String, query: String? = nil) -> URL? {
        URL(string: query.map { endpoint + "?" + $0 } ?? endpoint)
    }

    /// The request itself; a nil `url` (`<baseURL><path>` was not a URL) is an `OptoLinkError.argument` error.
    private static func post(
        _ url: URL?, path: String, data: Data, headers: [String: String], configuration: OptoLinkConfiguration
    ) throws(OptoLinkError) -> HTTPRequest {
        guard let url else { throw .argument("Cannot build a URL for \(path)") }
        return HTTPRequest(method: "POST", url: url, headers: headers, body: data, timeout: configuration.timeout)
    }

    /// Sends a direct open's request (endpoint ``Endpoint/linkData``) and hands its link to `onLink` from
    /// the transport's callback, the moment a 2xx answer is parsed, before the awaiting task is woken (as
    /// OptoLink's `/data` does); at most once. Returns the parsed link (nil when
    /// `parse` found none) and the answer.
    static func openEarly(
        _ request: HTTPRequest, runner: RequestRunner, isStopped: (@Sendable () -> Bool)?,
        parse: @escaping @Sendable (HTTPResponse) throws(OptoLinkError) -> OptoLinkData?,
        onLink: @escaping @Sendable (OptoLinkData) -> Void
    ) async throws(OptoLinkError) -> (link: OptoLinkData?, response: HTTPResponse) {
        let parsed = LockedValue<Result<OptoLinkData?, OptoLinkError>?>(nil)
        let response = try await runner.perform(request, endpoint: .linkData, isStopped: isStopped) { response in
            let result: Result<OptoLinkData?, OptoLinkError>
            do throws(OptoLinkError) {
                result = .success(try parse(response))
            } catch {
                result = .failure(error)
            }
            parsed.set(result)
            if case .success(let link?) = result { onLink(link) }
        }
        if let result = parsed.value { return (try result.get(), response) }
        // The runner hands every 2xx over before it returns, so this is not reached; kept so a link is never lost.
        let link = try parse(response)
        if let link { onLink(link) }
        return (link, response)
    }

    /// The routing path and params of a URL given as text (an answer's `longUrl` or `link.url`): what
    /// ``path(of:)`` and ``queryParams(of:)`` give for `URL(string: text)`; nil when that is nil.
    ///
    /// Runs on every direct open's answer: a plain URL (``LinkURLMatcher/plainParts(of:)``, its path and
    /// query only of characters `URL` keeps as they are, no `%`, no trailing slash) is read from its string;
    /// anything else goes through `URL` and `URLComponents`, which cost a direct open ~10 µs there.
    static func route(of text: String) -> (path: String, params: [String: JSONValue])? {
        if let parts = LinkURLMatcher.plainParts(of: text), LinkURLMatcher.isHTTP(parts.scheme),
            parts.host.utf8.allSatisfy(isHostByte),
            // After the host: nothing, or `:` and a port of digits (anything else is left to `URL`, which
            // refuses `:abc`, `:1:2` or `:-1`).
            text[parts.host.endIndex..<parts.path.startIndex].utf8.dropFirst().allSatisfy({ (48...57).contains($0) }),
            parts.path.utf8.allSatisfy(isKept),
            !(parts.path.utf8.count > 1 && parts.path.utf8.last == UInt8(ascii: "/"))
        {
            // After the path: nothing, `?query`, `#fragment` or `?query#fragment`, of kept bytes and `?`.
            let rest = text[parts.path.endIndex...]
            let fragmentStart = rest.utf8.firstIndex(of: UInt8(ascii: "#")) ?? rest.endIndex
            let beforeFragment = rest[..<fragmentStart]
            let fragment = rest[fragmentStart...].utf8.dropFirst()
            if beforeFragment.utf8.allSatisfy({ isKept($0) || $0 == UInt8(ascii: "?") }),
                fragment.allSatisfy({ isKept($0) || $0 == UInt8(ascii: "?") })
            {
                var params: [String: JSONValue] = [:]
                if let query = beforeFragment.utf8.first.map({ _ in beforeFragment.dropFirst() }), !query.isEmpty {
                    // Its items between `&`s (empty ones too), read byte by byte: every byte is ASCII here.
                    let bytes = query.utf8
                    var start = bytes.startIndex
                    while true {
                        let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
                        let item = query[start..<end]
                        if let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) {
                            addParam(
                                String(item[item.utf8.index(after: equals)...]), named: String(item[..<equals]),
                                to: &params)
                        } else {
                            addParam("", named: String(item), to: &params)
                        }
                        guard end < bytes.endIndex else { break }
                        start = bytes.index(after: end)
                    }
                }
                return (parts.path.isEmpty ? "/" : String(parts.path), params)
            }
        }
        guard let url = URL(string: text) else { return nil }
        return (path(of: url), queryParams(of: url))
    }

    /// A byte of a plain host: ASCII letters, digits, `-` and `.`.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// A byte `URL` keeps as it is in a path or query: ASCII letters, digits and `-._~!$&'()*+,;=:@/`.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    /// The query items of `url` as link params (`?a=1&b=2` → `["a": "1", "b": "2"]`; a repeated name is an
    /// array of its values, items without a value are `""`: ``addParam(_:named:to:)``).
    static func queryParams(of url: URL) -> [String: JSONValue] {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems else { return [:] }
        var params: [String: JSONValue] = [:]
        for item in items { addParam(item.value ?? "", named: item.name, to: &params) }
        return params
    }

    /// Adds a query item to `params`, the one rule of every route read from a URL (an answer's, a 404's, a
    /// custom scheme's): a name given once is its string (`""` without `=`), given several times an array
    /// of its values in order.
    static func addParam(_ value: String, named name: String, to params: inout [String: JSONValue]) {
        switch params[name] {
        case nil: params[name] = .string(value)
        case .array(let values)?: params[name] = .array(values + [.string(value)])
        case let first?: params[name] = .array([first, .string(value)])
        }
    }

    /// `url`'s path, `/` when it has none, and always starting with `/` (``OptoLinkData/path`` is an in-app
    /// path): a relative or opaque URL's (`products/spring`, `mailto:a@b.example`) gets one in front.
    static func path(of url: URL) -> String {
        let path = url.path
        return path.isEmpty ? "/" : path.hasPrefix("/") ? path : "/" + path
    }
}

import Foundation

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

    /// Sends a direct open's request (endpoint ``Endpoint/linkData``) and hands its link to `onLink` from
    /// the transport's callback, the moment a 2xx answer is parsed, before the awaiting task is woken (as
    /// OptoLink's `/data` does: bench rows 2, 2c and 2d); at most once. Returns the parsed link (nil when
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

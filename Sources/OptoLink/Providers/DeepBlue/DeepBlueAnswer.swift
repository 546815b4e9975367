import Foundation

/// Maps Deep Blue Links' answers (and the URLs routed without one) into ``OptoLinkData``, as the table
/// in `docs/providers.md` says:
///
/// - resolved or deferred `{id, longUrl, shortUrl, isSandbox}`: `path` and `params` are `longUrl`'s path
///   and query items, `linkId` the `id`; `providerFields` keep `id`, `longUrl`, `shortUrl` and `isSandbox`
///   (true: load the content from your sandbox backend). `matchMethod` is ``MatchMethod/direct`` for a
///   resolve and ``MatchMethod/fingerprintScored`` for check-deferred (a time zone + screen + language match).
/// - 404 from resolve: the URL's own path and query, ``MatchMethod/direct``, `providerFields`
///   `notShortLink: true` and `url`.
/// - a URL scheme (``CustomSchemeLink``): `/` + host + path (`myapp://products/1234` → `/products/1234`),
///   its query items, ``MatchMethod/customScheme``, `providerFields` `url`.
enum DeepBlueAnswer {
    /// The `providerFields` key set on a link routed by its URL after a 404.
    static let notShortLinkField = "notShortLink"

    static func link(_ response: HTTPResponse, isDeferred: Bool) throws(OptoLinkError) -> OptoLinkData {
        let object = try JSONAnswer.object(response)
        guard let longText = object["longUrl"]?.stringValue, let route = ProviderSupport.route(of: longText) else {
            throw .invalidResponse(
                status: response.status, "Deep Blue answer without a URL \"longUrl\"",
                requestId: response.header("X-Request-Id"))
        }
        var fields: [String: JSONValue] = Dictionary(minimumCapacity: 4)
        fields["longUrl"] = .string(longText)
        for name in Self.answerFieldNames {
            if let value = object[name], !value.isNull { fields[name] = value }
        }
        let linkId: String?
        switch object["id"] {
        case .number(let number)?:
            // A whole number Int64 holds reads without its ".0"; any other (2^63 and beyond, 1e300) as a Double's text:
            // `Int64(number)` would trap on those.
            linkId = Int64(exactly: number).map(String.init) ?? String(number)
        case .string(let text)?: linkId = text
        default: linkId = nil
        }
        return OptoLinkData(
            linkId: linkId, path: route.path, params: route.params,
            matchType: isDeferred ? .fingerprintScored : .direct, isDeferred: isDeferred, service: .deepBlue,
            providerFields: fields)
    }

    /// The `providerFields` read from the answer besides `longUrl`.
    private static let answerFieldNames = ["id", "shortUrl", "isSandbox"]

    /// The link for a URL that is not a short link (resolve answered 404): the URL itself.
    static func notShortLink(_ url: URL) -> OptoLinkData {
        OptoLinkData(
            linkId: nil, path: ProviderSupport.path(of: url), params: ProviderSupport.queryParams(of: url),
            matchType: .direct,
            isDeferred: false, service: .deepBlue,
            providerFields: [notShortLinkField: true, "url": .string(url.absoluteString)])
    }

    /// The link for one of the app's URL schemes (``CustomSchemeLink``): its host is the first path segment.
    static func customScheme(_ url: URL, schemes: Set<String>) -> OptoLinkData? {
        CustomSchemeLink.link(
            in: url, schemes: schemes, service: .deepBlue, providerFields: ["url": .string(url.absoluteString)])
    }
}

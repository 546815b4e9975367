import Foundation

/// Reads QubeRoute's resolve and match answer
/// `{link{url, alias, data, campaign, channel, feature}, confidence, reason, attributed, installId}`,
/// leniently (every field may be missing or null, as the seed's `Decodable` has them all optional) but
/// safely: a body that is not a JSON object, or a `link` that is not one, is ``OptoLinkError/invalidResponse``.
///
/// The mapping into ``OptoLinkData`` (the table in `docs/providers.md`):
/// - `path`: `link.url`'s path when it has one, else `/<alias>`, else `/`;
/// - `params`: `link.data` (string values; other JSON kept as is);
/// - `confidenceScore`: `confidence`; `confidence`: its band, as OptoLink's score bands over 100
///   (1 → exact, ≥ 0.85 high, ≥ 0.70 medium, else low);
/// - `matchMethod`: ``MatchMethod/direct`` for a resolve; for a match ``MatchMethod/fingerprintExact`` when
///   the confidence is 1, else ``MatchMethod/fingerprintScored`` (the seed: "a probabilistic join");
/// - `reason`: `reason`; `providerFields`: `url`, `alias`, `campaign`, `channel`, `feature`,
///   `attributed`, `installId` when present.
enum QubeRouteAnswer {
    static func link(_ response: HTTPResponse, isDeferred: Bool) throws(OptoLinkError) -> OptoLinkData? {
        let object = try JSONAnswer.object(response)
        let link: [String: JSONValue]
        switch object["link"] {
        case nil, .null?: return nil
        case .object(let value)?: link = value
        default:
            throw .invalidResponse(
                status: response.status, "QubeRoute answer whose \"link\" is not an object",
                requestId: response.header("X-Request-Id"))
        }
        let params: [String: JSONValue]
        switch link["data"] {
        case nil, .null?: params = [:]
        case .object(let value)?: params = value
        default:
            throw .invalidResponse(
                status: response.status, "QubeRoute link whose \"data\" is not an object",
                requestId: response.header("X-Request-Id"))
        }
        let score = object["confidence"]?.numberValue.flatMap { $0.isFinite ? $0 : nil }
        var fields: [String: JSONValue] = Dictionary(minimumCapacity: 8)
        for name in Self.linkFieldNames {
            if let value = link[name], !value.isNull { fields[name] = value }
        }
        for name in Self.answerFieldNames {
            if let value = object[name], !value.isNull { fields[name] = value }
        }
        let method: MatchMethod =
            isDeferred ? (score.map { $0 >= 1 } == true ? .fingerprintExact : .fingerprintScored) : .direct
        return OptoLinkData(
            linkId: link["alias"]?.stringValue, path: path(link), params: params, matchType: method,
            confidence: score.map(band), isDeferred: isDeferred, service: .quberoute, confidenceScore: score,
            reason: object["reason"]?.stringValue, providerFields: fields)
    }

    /// The `providerFields` read from `link` and from the answer itself.
    private static let linkFieldNames = ["url", "alias", "campaign", "channel", "feature"]
    private static let answerFieldNames = ["attributed", "installId"]

    /// The routing path: `link.url`'s path, else `/<alias>`, else `/`.
    static func path(_ link: [String: JSONValue]) -> String {
        if let text = link["url"]?.stringValue, let path = ProviderSupport.route(of: text)?.path, path != "/" {
            return path
        }
        if let alias = link["alias"]?.stringValue, !alias.isEmpty { return alias.hasPrefix("/") ? alias : "/" + alias }
        return "/"
    }

    /// OptoLink's bands (85 / 70) over 100.
    static func band(_ score: Double) -> MatchConfidence {
        if score >= 1 { return .exact }
        if score >= 0.85 { return .high }
        if score >= 0.70 { return .medium }
        return .low
    }

    /// The answer's `reason`, for the log when no link came back.
    static func reason(_ response: HTTPResponse) -> String? {
        (try? JSONAnswer.object(response))?["reason"]?.stringValue
    }
}

import Foundation

/// Turns 2xx bodies into values, leniently (unknown fields ignored, optional fields may be missing or
/// null) but safely: any body that does not hold what is needed becomes ``OptoLinkError/invalidResponse``,
/// never a trap.
enum ResponseParser {
    /// `GET /:orgKey/:shortCode/data` → `{linkId, path, params}`.
    static func linkData(_ response: HTTPResponse) throws(OptoLinkError) -> OptoLinkData {
        let object = try JSONAnswer.object(response)
        let (linkId, path, params) = try linkFields(object, response)
        return OptoLinkData(linkId: linkId, path: path, params: params, matchType: .direct, isDeferred: false)
    }

    /// `POST /match` → a match, or nil for `{"matched": false}`.
    static func match(_ response: HTTPResponse) throws(OptoLinkError) -> OptoLinkData? {
        let object = try JSONAnswer.object(response)
        guard let matched = object["matched"]?.boolValue else {
            throw .invalidResponse(
                status: response.status, "Match answer without a Boolean \"matched\"",
                requestId: response.header("X-Request-Id"))
        }
        guard matched else { return nil }
        let (linkId, path, params) = try linkFields(object, response)
        let method = object["matchMethod"]?.stringValue.map(MatchMethod.init(rawValue:)) ?? .unknown("")
        let confidence = object["matchConfidence"]?.stringValue.map(MatchConfidence.init(rawValue:))
        let score = object["matchScore"]?.numberValue
        return OptoLinkData(
            linkId: linkId, path: path, params: params, matchType: method, confidence: confidence,
            matchScore: score, isDeferred: true)
    }

    /// `POST /sdk/session` → `{deviceId, firstSeenAt, lastSeenAt}`.
    static func session(_ response: HTTPResponse, deviceId: String) throws(OptoLinkError) -> SessionInfo {
        let object = try JSONAnswer.object(response)
        return SessionInfo(
            deviceId: object["deviceId"]?.stringValue ?? deviceId,
            firstSeenAt: object["firstSeenAt"]?.stringValue ?? "",
            lastSeenAt: object["lastSeenAt"]?.stringValue ?? "")
    }

    /// `POST /sdk/identity[/clear]` → `{deviceId, externalId, boundAt | unboundAt}`.
    static func identity(_ response: HTTPResponse, deviceId: String, externalId: String?) throws(OptoLinkError)
        -> IdentityBinding
    {
        let object = try JSONAnswer.object(response)
        let bound: String?
        if let value = object["externalId"] {
            bound = value.stringValue
        } else {
            bound = externalId
        }
        return IdentityBinding(
            deviceId: object["deviceId"]?.stringValue ?? deviceId,
            externalId: bound,
            changedAt: object["boundAt"]?.stringValue ?? object["unboundAt"]?.stringValue)
    }

    private static func linkFields(
        _ object: [String: JSONValue], _ response: HTTPResponse
    ) throws(OptoLinkError) -> (String?, String, [String: JSONValue]) {
        guard let path = object["path"]?.stringValue else {
            throw .invalidResponse(
                status: response.status, "Link answer without a string \"path\"",
                requestId: response.header("X-Request-Id"))
        }
        let params: [String: JSONValue]
        switch object["params"] {
        case nil, .null?: params = [:]
        case .object(let value)?: params = value
        default:
            throw .invalidResponse(
                status: response.status, "Link answer whose \"params\" is not an object",
                requestId: response.header("X-Request-Id"))
        }
        return (object["linkId"]?.stringValue, path, params)
    }
}

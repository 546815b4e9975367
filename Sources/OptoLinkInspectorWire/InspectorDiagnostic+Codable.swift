import Foundation
import OptoLink

/// The wire encoding of every ``Diagnostic/Kind``: `kind` names the case, each associated value is a
/// field of the same name (`requestID`, `endpoint` as ``Endpoint/rawValue``, `link` as an object).
/// A new `Diagnostic.Kind` case does not compile here until it has its encoding: add it to both switches
/// and to `docs/attach.md`.
extension InspectorDiagnostic: Codable {
    private enum Key: String, CodingKey {
        case seq, time, kind
        case requestID, endpoint, attempt, attempts, status, duration, reason, delay
        case link, deviceId, firstSeenAt, lastSeenAt, externalId, name, queued, level, message
    }

    /// A link on the wire.
    private struct Link: Codable {
        var linkId: String?
        var path: String
        var params: [String: JSONValue]
        var matchMethod: String
        var confidence: String?
        var matchScore: Double?
        var isDeferred: Bool

        init(_ data: OptoLinkData) {
            linkId = data.linkId
            path = data.path
            params = data.params
            matchMethod = data.matchType.rawValue
            confidence = data.confidence?.rawValue
            matchScore = data.matchScore
            isDeferred = data.isDeferred
        }

        var data: OptoLinkData {
            OptoLinkData(
                linkId: linkId, path: path, params: params, matchType: MatchMethod(rawValue: matchMethod),
                confidence: confidence.map(MatchConfidence.init(rawValue:)), matchScore: matchScore,
                isDeferred: isDeferred)
        }
    }

    /// The `kind` string of each case.
    static func name(of kind: Diagnostic.Kind) -> String {
        switch kind {
        case .requestStarted: "requestStarted"
        case .responseReceived: "responseReceived"
        case .requestFailed: "requestFailed"
        case .retryScheduled: "retryScheduled"
        case .gaveUp: "gaveUp"
        case .requestFinished: "requestFinished"
        case .matchResult: "matchResult"
        case .linkDelivered: "linkDelivered"
        case .sessionRegistered: "sessionRegistered"
        case .identityChanged: "identityChanged"
        case .eventQueued: "eventQueued"
        case .eventSent: "eventSent"
        case .eventDropped: "eventDropped"
        case .log: "log"
        }
    }

    /// Encodes the flat fields (the line's `v` and `type` are written by ``InspectorMessage``).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(seq, forKey: .seq)
        try c.encode(time, forKey: .time)
        guard case .known(let kind) = kind else {
            if case .unknown(let name) = kind { try c.encode(name, forKey: .kind) }
            return
        }
        try c.encode(Self.name(of: kind), forKey: .kind)
        switch kind {
        case .requestStarted(let id, let endpoint, let attempt):
            try c.encode(id, forKey: .requestID)
            try c.encode(endpoint.rawValue, forKey: .endpoint)
            try c.encode(attempt, forKey: .attempt)
        case .responseReceived(let id, let endpoint, let attempt, let status, let duration):
            try c.encode(id, forKey: .requestID)
            try c.encode(endpoint.rawValue, forKey: .endpoint)
            try c.encode(attempt, forKey: .attempt)
            try c.encode(status, forKey: .status)
            try c.encode(duration, forKey: .duration)
        case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
            try c.encode(id, forKey: .requestID)
            try c.encode(endpoint.rawValue, forKey: .endpoint)
            try c.encode(attempt, forKey: .attempt)
            try c.encode(reason, forKey: .reason)
            try c.encode(duration, forKey: .duration)
        case .retryScheduled(let id, let endpoint, let attempt, let delay):
            try c.encode(id, forKey: .requestID)
            try c.encode(endpoint.rawValue, forKey: .endpoint)
            try c.encode(attempt, forKey: .attempt)
            try c.encode(delay, forKey: .delay)
        case .gaveUp(let id, let endpoint, let attempts, let reason):
            try c.encode(id, forKey: .requestID)
            try c.encode(endpoint.rawValue, forKey: .endpoint)
            try c.encode(attempts, forKey: .attempts)
            try c.encode(reason, forKey: .reason)
        case .requestFinished(let id, let endpoint, let attempts, let status):
            try c.encode(id, forKey: .requestID)
            try c.encode(endpoint.rawValue, forKey: .endpoint)
            try c.encode(attempts, forKey: .attempts)
            try c.encode(status, forKey: .status)  // null when no HTTP answer came
        case .matchResult(let link):
            try c.encode(link.map(Link.init), forKey: .link)  // null for no match
        case .linkDelivered(let link):
            try c.encode(Link(link), forKey: .link)
        case .sessionRegistered(let deviceId, let firstSeenAt, let lastSeenAt):
            try c.encode(deviceId, forKey: .deviceId)
            try c.encode(firstSeenAt, forKey: .firstSeenAt)
            try c.encode(lastSeenAt, forKey: .lastSeenAt)
        case .identityChanged(let externalId):
            try c.encode(externalId, forKey: .externalId)  // null when unbound
        case .eventQueued(let name, let queued), .eventSent(let name, let queued):
            try c.encode(name, forKey: .name)
            try c.encode(queued, forKey: .queued)
        case .eventDropped(let name, let reason):
            try c.encode(name, forKey: .name)
            try c.encode(reason, forKey: .reason)
        case .log(let level, let message):
            try c.encode(level.rawValue, forKey: .level)
            try c.encode(message, forKey: .message)
        }
    }

    /// Decodes the flat fields. A `kind` this version does not know (or a known one with an endpoint it
    /// does not know) becomes ``Kind/unknown(name:)``; a missing or mistyped field of a known kind throws.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        seq = try c.wholeNumber(forKey: .seq)
        time = try c.decode(Double.self, forKey: .time)
        let name = try c.decode(String.self, forKey: .kind)
        func endpoint() throws -> Endpoint? { Endpoint(rawValue: try c.decode(String.self, forKey: .endpoint)) }
        func int(_ key: Key) throws -> Int { try c.wholeNumber(forKey: key) }
        func text(_ key: Key) throws -> String { try c.decode(String.self, forKey: key) }
        func seconds(_ key: Key) throws -> Double { try c.decode(Double.self, forKey: key) }
        let decoded: Diagnostic.Kind?
        switch name {
        case "requestStarted":
            decoded = try endpoint().map {
                .requestStarted(requestID: try int(.requestID), endpoint: $0, attempt: try int(.attempt))
            }
        case "responseReceived":
            decoded = try endpoint().map {
                .responseReceived(
                    requestID: try int(.requestID), endpoint: $0, attempt: try int(.attempt), status: try int(.status),
                    duration: try seconds(.duration))
            }
        case "requestFailed":
            decoded = try endpoint().map {
                .requestFailed(
                    requestID: try int(.requestID), endpoint: $0, attempt: try int(.attempt), reason: try text(.reason),
                    duration: try seconds(.duration))
            }
        case "retryScheduled":
            decoded = try endpoint().map {
                .retryScheduled(
                    requestID: try int(.requestID), endpoint: $0, attempt: try int(.attempt), delay: try seconds(.delay)
                )
            }
        case "gaveUp":
            decoded = try endpoint().map {
                .gaveUp(
                    requestID: try int(.requestID), endpoint: $0, attempts: try int(.attempts),
                    reason: try text(.reason))
            }
        case "requestFinished":
            decoded = try endpoint().map {
                .requestFinished(
                    requestID: try int(.requestID), endpoint: $0, attempts: try int(.attempts),
                    status: try c.wholeNumberIfPresent(forKey: .status))
            }
        case "matchResult":
            decoded = .matchResult(try c.decodeIfPresent(Link.self, forKey: .link)?.data)
        case "linkDelivered":
            decoded = .linkDelivered(try c.decode(Link.self, forKey: .link).data)
        case "sessionRegistered":
            decoded = .sessionRegistered(
                deviceId: try text(.deviceId), firstSeenAt: try text(.firstSeenAt), lastSeenAt: try text(.lastSeenAt))
        case "identityChanged":
            decoded = .identityChanged(externalId: try c.decodeIfPresent(String.self, forKey: .externalId))
        case "eventQueued":
            decoded = .eventQueued(name: try text(.name), queued: try int(.queued))
        case "eventSent":
            decoded = .eventSent(name: try text(.name), queued: try int(.queued))
        case "eventDropped":
            decoded = .eventDropped(name: try text(.name), reason: try text(.reason))
        case "log":
            // A level this version does not know (a newer SDK's) is shown as a warning.
            decoded = .log(level: LogLevel(rawValue: try text(.level)) ?? .warning, message: try text(.message))
        default:
            decoded = nil
        }
        kind = decoded.map(Kind.known) ?? .unknown(name: name)
    }
}

import OptoLink

/// Seam 1: turns an SDK ``Diagnostic`` into the dashboard's plain ``DiagnosticEvent`` (the same cases: only
/// the payloads are mapped). The one place the SDK's cases meet the dashboard's: a case added to the SDK
/// does not compile here until the dashboard has it too.
///
/// Request ids are unique per SDK instance only, so each launch gets an offset (``idOffset``) that keeps
/// the timeline rows of a relaunched app apart from the previous launch's.
package enum DiagnosticMapper {
    /// The dashboard event for `kind`, with request ids shifted by `idOffset`: the endpoint by its raw value,
    /// a link as its ``summary(_:)``, the log level by name (``DashboardLogLevel/warning`` for a level the
    /// dashboard does not know).
    package static func event(_ kind: Diagnostic.Kind, idOffset: Int = 0) -> DiagnosticEvent {
        switch kind {
        case .requestStarted(let id, let endpoint, let attempt):
            return .requestStarted(requestID: id + idOffset, endpoint: endpoint.rawValue, attempt: attempt)
        case .responseReceived(let id, let endpoint, let attempt, let status, let duration):
            return .responseReceived(
                requestID: id + idOffset, endpoint: endpoint.rawValue, attempt: attempt, status: status,
                duration: duration)
        case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
            return .requestFailed(
                requestID: id + idOffset, endpoint: endpoint.rawValue, attempt: attempt, reason: reason,
                duration: duration)
        case .retryScheduled(let id, let endpoint, let attempt, let delay):
            return .retryScheduled(
                requestID: id + idOffset, endpoint: endpoint.rawValue, attempt: attempt, delay: delay)
        case .gaveUp(let id, let endpoint, let attempts, let reason):
            return .gaveUp(requestID: id + idOffset, endpoint: endpoint.rawValue, attempts: attempts, reason: reason)
        case .requestFinished(let id, let endpoint, let attempts, let status):
            return .requestFinished(
                requestID: id + idOffset, endpoint: endpoint.rawValue, attempts: attempts, status: status)
        case .matchResult(let found): return .matchResult(found.map(summary))
        case .linkDelivered(let delivered): return .linkDelivered(summary(delivered))
        case .sessionRegistered(let deviceId, let firstSeenAt, let lastSeenAt):
            return .sessionRegistered(deviceId: deviceId, firstSeenAt: firstSeenAt, lastSeenAt: lastSeenAt)
        case .identityChanged(let externalId): return .identityChanged(externalId: externalId)
        case .eventQueued(let name, let queued): return .eventQueued(name: name, queued: queued)
        case .eventSent(let name, let queued): return .eventSent(name: name, queued: queued)
        case .eventDropped(let name, let reason): return .eventDropped(name: name, reason: reason)
        case .log(let level, let message):
            return .log(level: DashboardLogLevel(rawValue: level.rawValue) ?? .warning, message: message)
        }
    }

    /// The plain values of a link.
    package static func summary(_ data: OptoLinkData) -> LinkSummary {
        LinkSummary(
            linkId: data.linkId, path: data.path, method: data.matchType.rawValue,
            confidence: data.confidence?.rawValue, score: data.matchScore, isDeferred: data.isDeferred,
            confidenceScore: data.confidenceScore, matchType: matchType(data), serviceDetail: serviceDetail(data))
    }

    /// The service's own word for how `data` matched (see ``LinkSummary/matchType``).
    static func matchType(_ data: OptoLinkData) -> String? {
        switch data.service {
        case .optoLink: return nil
        case .quberoute: return data.reason
        case .appsFlyer:
            if case .string(let type) = data.providerFields["match_type"] { return type }
            return nil
        case .deepBlue:
            if case .bool(true) = data.providerFields["notShortLink"] { return "not a short link" }
            if case .bool(let sandbox) = data.providerFields["isSandbox"] { return sandbox ? "sandbox" : "live" }
            return nil
        }
    }

    /// The other services' own answer fields worth a log line: QubeRoute's `reason` and `confidence`,
    /// AppsFlyer's `match_type`, Deep Blue's `isSandbox` and `notShortLink`; nil when there are none.
    static func serviceDetail(_ data: OptoLinkData) -> String? {
        var parts: [String] = []
        if let reason = data.reason { parts.append("reason \(reason)") }
        if let score = data.confidenceScore { parts.append("confidence \((score * 100).rounded() / 100)") }
        for name in ["match_type", "isSandbox", "notShortLink"] {
            if let value = data.providerFields[name] { parts.append("\(name) \(text(value))") }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): formatScore(number)
        default: "\(value)"
        }
    }
}

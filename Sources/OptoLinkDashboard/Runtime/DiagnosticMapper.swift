import OptoLink

/// Seam 1: turns an SDK ``Diagnostic`` into the dashboard's plain ``DiagnosticEvent`` (the same cases: only
/// the payloads are mapped).
///
/// Request ids are unique per SDK instance only, so each launch gets an offset (``idOffset``) that keeps
/// the timeline rows of a relaunched app apart from the previous launch's.
package enum DiagnosticMapper {
    /// The dashboard event for `kind`, with request ids shifted by `idOffset`.
    package static func event(_ kind: Diagnostic.Kind, idOffset: Int = 0) -> DiagnosticEvent {
        kind.map(
            requestID: { $0 + idOffset }, endpoint: \.rawValue, link: summary,
            level: { DashboardLogLevel(rawValue: $0.rawValue) ?? .warning })
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

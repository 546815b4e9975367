import OptoLinkFaults

extension Fault {
    /// A short label for the log and the timeline: `503 Retry-After 2`, `delay 2 s`, `drop before upstream`…
    package var label: String {
        switch self {
        case .pass: "pass"
        case .status(let status, let retry?): "\(status) Retry-After \(retry)"
        case .status(let status, nil): "\(status)"
        case .rateLimited(let retry): "429 Retry-After \(retry)"
        case .delay(let seconds): "delay \(formatSeconds(seconds))"
        case .dropBeforeUpstream: "drop before upstream"
        case .dropAfterUpstream: "drop after upstream"
        case .trickle(let bytes, let interval): "trickle \(bytes) B every \(formatSeconds(interval))"
        }
    }
}

extension FaultRule {
    /// How the log names a rule as `/dev/faults` takes it: `503 on match ×2`, `delay 2.0s on events ×1`,
    /// `drop on any ×3` (what only the proxy can do: its ``Fault/label``).
    package var label: String {
        guard let wire = fault.wire else { return "\(fault.label) on \(route) ×\(total)" }
        let what = wire.status.map(String.init) ?? wire.delaySeconds.map { "delay " + formatSeconds($0) } ?? wire.kind
        return "\(what) on \(route) ×\(total)"
    }

    /// The `POST /dev/faults` body: `{route, kind, status?, delaySeconds?, count}`; nil for what only the proxy
    /// can do.
    var wireBody: [String: Any]? {
        guard let wire = fault.wire else { return nil }
        var body: [String: Any] = ["route": route, "kind": wire.kind, "count": total]
        if let status = wire.status { body["status"] = status }
        if let delaySeconds = wire.delaySeconds { body["delaySeconds"] = delaySeconds }
        return body
    }
}

/// What happens to one request: the one fault model of `/dev/faults`, the dashboard's fault proxy, its scenarios
/// and its fault menu.
///
/// `/dev/faults` carries a fault as `{kind, status?, delaySeconds?}` (``wire``, ``init(kind:status:delaySeconds:)``):
/// `status` (429 gets `Retry-After: 1`), `delay` or `drop`. The proxy can do more than the wire says: drop after
/// the backend answered, trickle the answer.
package enum Fault: Sendable, Hashable {
    /// Forward the request and return the backend's answer unchanged.
    case pass
    /// Answer `status` (500, 503…) with the service's error shape, never asking the backend; `retryAfter` adds a
    /// `Retry-After` header.
    case status(Int, retryAfter: Int?)
    /// Answer 429 with the service's error shape (`Retry after N second(s)`) and `Retry-After: N`.
    case rateLimited(retryAfter: Int)
    /// Hold the request `seconds` before answering it (past the client's timeout or not).
    case delay(Double)
    /// Close the connection once the request is read: the backend never sees it.
    case dropBeforeUpstream
    /// Forward the request, then close the connection instead of answering: the backend acted on it (a POST was
    /// applied) and the client never learns so.
    case dropAfterUpstream
    /// Forward the request and write the answer `bytes` at a time, one slice every `interval` seconds.
    case trickle(bytes: Int, interval: Double)

    /// The kinds `/dev/faults` takes, in the order its errors list them.
    package static let wireKinds = ["status", "delay", "drop"]

    /// The fault a `/dev/faults` body names: `status` (429 is ``rateLimited(retryAfter:)`` with 1 s, as the
    /// reference server answers it), `delay` or `drop`; nil for another kind or a missing value.
    package init?(kind: String, status: Int?, delaySeconds: Double?) {
        switch kind {
        case "status":
            guard let status else { return nil }
            self = status == 429 ? .rateLimited(retryAfter: 1) : .status(status, retryAfter: nil)
        case "delay":
            guard let delaySeconds else { return nil }
            self = .delay(delaySeconds)
        case "drop": self = .dropBeforeUpstream
        default: return nil
        }
    }

    /// The fault as `/dev/faults` carries it, nil for what only the proxy can do (pass, a drop after the
    /// backend answered, a trickle).
    package var wire: (kind: String, status: Int?, delaySeconds: Double?)? {
        switch self {
        case .status(let status, _): ("status", status, nil)
        case .rateLimited: ("status", 429, nil)
        case .delay(let seconds): ("delay", nil, seconds)
        case .dropBeforeUpstream: ("drop", nil, nil)
        case .pass, .dropAfterUpstream, .trickle: nil
        }
    }
}

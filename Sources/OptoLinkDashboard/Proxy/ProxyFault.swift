/// What the fault proxy does with one request.
package enum ProxyFault: Sendable, Hashable {
    /// Forward it and return the backend's answer unchanged.
    case pass
    /// Answer `status` itself (500, 503…) with the contract's envelope, never asking the backend;
    /// `retryAfter` adds a `Retry-After` header.
    case status(Int, retryAfter: Int?)
    /// Answer 429 itself with the contract's envelope (`Retry after N second(s)`) and `Retry-After: N`.
    case rateLimited(retryAfter: Int)
    /// Hold the request `seconds` before forwarding it (past the SDK's timeout or not).
    case delay(Double)
    /// Close the connection once the request is read, before it goes upstream: the backend never sees it.
    case dropBeforeUpstream
    /// Forward the request, then close the connection instead of answering: the backend acted on it
    /// (a POST was applied) and the client never learns so.
    case dropAfterUpstream
    /// Forward the request and write the backend's answer `bytes` at a time, one slice every `interval` seconds.
    case trickle(bytes: Int, interval: Double)

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

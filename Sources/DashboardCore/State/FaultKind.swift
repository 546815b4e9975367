import OptoLinkFaults

/// The fault menu's choices for the next N requests (``fault(sdkTimeout:)`` is the ``Fault`` each one injects).
package enum FaultKind: Int, Sendable, Hashable, CaseIterable {
    /// `status` 503.
    case status503
    /// `status` 500.
    case status500
    /// `delay` long enough for the SDK's timeout.
    case timeout
    /// `drop`: close the connection without answering.
    case drop
    /// `status` 429 (with `Retry-After`).
    case status429

    /// The label in the fault menu.
    package var label: String {
        switch self {
        case .status503: "503 Service Unavailable"
        case .status500: "500 Internal Server Error"
        case .timeout: "timeout (delay past the SDK timeout)"
        case .drop: "connection drop"
        case .status429: "429 Too Many Requests"
        }
    }

    /// The fault this choice injects; a timeout is a delay one second past the SDK's `timeout` (at most 120 s).
    package func fault(sdkTimeout: Double) -> Fault {
        switch self {
        case .status503: .status(503, retryAfter: nil)
        case .status500: .status(500, retryAfter: nil)
        case .status429: .rateLimited(retryAfter: 1)
        case .drop: .dropBeforeUpstream
        case .timeout: .delay(min(120, sdkTimeout.rounded(.up) + 1))
        }
    }
}

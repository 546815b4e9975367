/// The faults the fault menu can inject for the next N requests (``FaultSpec/from(_:sdkTimeout:)`` turns them into `POST /dev/faults`).
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
}

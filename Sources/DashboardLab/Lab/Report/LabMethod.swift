import OptoLinkLabEngine

/// How an install matched, as the report groups it: the chain's step, or none.
package enum LabMethod: UInt8, Sendable, Hashable, CaseIterable {
    /// P1: the clipboard token (OptoLink only).
    case clipboard
    /// P2: platform, OS version and model equal on the same address.
    case exact
    /// P2.5: the weighted score reached the threshold.
    case scored
    /// P3: the newest click on the address.
    case ip
    /// No match.
    case none

    /// The method of a decision's step (an install referrer, Android only, counts as the clipboard: a token).
    package init(_ method: DirectMatcher.Decision.Method?) {
        switch method {
        case .clipboard?, .installReferrer?: self = .clipboard
        case .exact?: self = .exact
        case .scored?: self = .scored
        case .ip?: self = .ip
        case nil: self = .none
        }
    }

    /// The name the report, the JSON summary and the CSV use.
    package var key: String {
        switch self {
        case .clipboard: "clipboard"
        case .exact: "exact"
        case .scored: "scored"
        case .ip: "ip"
        case .none: "none"
        }
    }
}

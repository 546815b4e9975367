/// One editable row of the fingerprint pane, in display order.
package enum FingerprintField: Int, Sendable, Hashable, CaseIterable {
    /// `platform`, e.g. `ios`.
    case platform
    /// `osVersion`, e.g. `17.4`.
    case osVersion
    /// `deviceModel`, e.g. `iPhone15,2`.
    case deviceModel
    /// `language`, e.g. `en-US`.
    case language
    /// `timezone`, e.g. `Europe/Berlin`.
    case timezone
    /// The simulated network address (sent as `X-Forwarded-For`).
    case networkAddress

    /// The label shown in the pane (the wire name where there is one).
    package var label: String {
        switch self {
        case .platform: "platform"
        case .osVersion: "osVersion"
        case .deviceModel: "deviceModel"
        case .language: "language"
        case .timezone: "timezone"
        case .networkAddress: "network"
        }
    }
}

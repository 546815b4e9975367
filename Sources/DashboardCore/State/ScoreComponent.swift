/// One component of the P2.5 fingerprint score, with its maximum points from the backend contract.
package enum ScoreComponent: Int, Sendable, Hashable, CaseIterable, Codable {
    /// IP exact: 30.
    case ip
    /// platform match: 10.
    case platform
    /// osVersion exact: 15 (major only: 8).
    case osVersion
    /// language match: 10.
    case language
    /// timezone match: 10.
    case timezone
    /// deviceModel match: 12.
    case deviceModel
    /// recency bonus: up to 9.
    case recency

    /// The most points the component can give.
    package var maxPoints: Int {
        switch self {
        case .ip: 30
        case .platform: 10
        case .osVersion: 15
        case .language: 10
        case .timezone: 10
        case .deviceModel: 12
        case .recency: 9
        }
    }

    /// Sum of every component's maximum (96).
    package static let maxTotal = allCases.reduce(0) { $0 + $1.maxPoints }

    /// The key used in `/dev/match-attempts` (`points.ip`, `points.osVersion`…).
    package var key: String {
        switch self {
        case .ip: "ip"
        case .platform: "platform"
        case .osVersion: "osVersion"
        case .language: "language"
        case .timezone: "timezone"
        case .deviceModel: "deviceModel"
        case .recency: "recency"
        }
    }

    /// The component for a `/dev/match-attempts` points key (`ip`, `osVersion`…), nil for an unknown key.
    package init?(key: String) {
        guard let match = ScoreComponent.allCases.first(where: { $0.key == key }) else { return nil }
        self = match
    }

    /// A short label for narrow panes.
    package var shortLabel: String {
        switch self {
        case .ip: "ip"
        case .platform: "plat"
        case .osVersion: "os"
        case .language: "lang"
        case .timezone: "tz"
        case .deviceModel: "model"
        case .recency: "rec"
        }
    }
}

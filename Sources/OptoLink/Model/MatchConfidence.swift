/// How sure the backend is of a deferred match: `exact` (clipboard token), `high` (score ≥ 85 or exact
/// fingerprint), `medium` (score ≥ 70), `low` (score ≥ 65 or IP only).
///
/// An unknown string is kept in ``unknown(_:)`` rather than failing.
public enum MatchConfidence: Sendable, Hashable {
    /// `"exact"`.
    case exact
    /// `"high"`.
    case high
    /// `"medium"`.
    case medium
    /// `"low"`.
    case low
    /// A confidence this SDK version does not know, with the backend's raw string.
    case unknown(String)

    /// Maps the backend's string; unknown strings are kept in ``unknown(_:)``.
    public init(rawValue: String) {
        switch rawValue {
        case "exact": self = .exact
        case "high": self = .high
        case "medium": self = .medium
        case "low": self = .low
        default: self = .unknown(rawValue)
        }
    }

    /// The backend's string for this confidence.
    public var rawValue: String {
        switch self {
        case .exact: return "exact"
        case .high: return "high"
        case .medium: return "medium"
        case .low: return "low"
        case .unknown(let raw): return raw
        }
    }
}

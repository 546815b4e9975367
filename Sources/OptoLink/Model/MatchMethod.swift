/// How a link reached the app: opened directly, or which rung of the backend's matching chain found it.
///
/// The backend sends SCREAMING_SNAKE strings (`"FINGERPRINT_SCORED"`); a string this SDK does not know
/// is kept in ``unknown(_:)`` rather than failing, so a newer backend never breaks an older app.
public enum MatchMethod: Sendable, Hashable {
    /// The app was opened by the link itself (Universal Link, `onOpenURL`): `"DIRECT"`.
    case direct
    /// The app was opened by one of your own URL schemes (``OptoLinkConfiguration/Links/urlSchemes``), read
    /// locally without a request: `"CUSTOM_SCHEME"` (the SDK's own label; the backend never sends it).
    case customScheme
    /// Matched by the clipboard token the redirect page wrote: `"CLIPBOARD"`.
    case clipboard
    /// Matched by the Play install referrer (Android only): `"INSTALL_REFERRER"`.
    case installReferrer
    /// Matched by IP + platform + OS version + device model all equal: `"FINGERPRINT_EXACT"`.
    case fingerprintExact
    /// Matched by the weighted score reaching the threshold: `"FINGERPRINT_SCORED"`.
    case fingerprintScored
    /// Matched by IP address only: `"IP_FUZZY"`.
    case ipFuzzy
    /// No match: `"NONE"`.
    case none
    /// A method this SDK version does not know, with the backend's raw string.
    case unknown(String)

    /// Maps the backend's string; unknown strings are kept in ``unknown(_:)``.
    public init(rawValue: String) {
        switch rawValue {
        case "DIRECT": self = .direct
        case "CUSTOM_SCHEME": self = .customScheme
        case "CLIPBOARD": self = .clipboard
        case "INSTALL_REFERRER": self = .installReferrer
        case "FINGERPRINT_EXACT": self = .fingerprintExact
        case "FINGERPRINT_SCORED": self = .fingerprintScored
        case "IP_FUZZY": self = .ipFuzzy
        case "NONE": self = .none
        default: self = .unknown(rawValue)
        }
    }

    /// The backend's string for this method.
    public var rawValue: String {
        switch self {
        case .direct: return "DIRECT"
        case .customScheme: return "CUSTOM_SCHEME"
        case .clipboard: return "CLIPBOARD"
        case .installReferrer: return "INSTALL_REFERRER"
        case .fingerprintExact: return "FINGERPRINT_EXACT"
        case .fingerprintScored: return "FINGERPRINT_SCORED"
        case .ipFuzzy: return "IP_FUZZY"
        case .none: return "NONE"
        case .unknown(let raw): return raw
        }
    }
}

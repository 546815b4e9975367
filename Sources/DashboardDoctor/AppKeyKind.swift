import DashboardCore

/// What a key given as the app's key (`--api-key`) is, read from its form alone: the doctor names a secret
/// before it sends anything, and never prints more of one than its first characters.
///
/// | form | kind |
/// |---|---|
/// | `qr_live_…`, `qr_test_…` | QubeRoute's publishable key (live or test links) |
/// | `qr_sk_…` | QubeRoute's secret key: never in an app |
/// | 22 ASCII letters and digits | looks like an AppsFlyer DevKey (seed 003's is): never in an app |
/// | anything else | not known by its form |
enum AppKeyKind: Sendable, Hashable {
    /// `qr_live_…` (`test` false) or `qr_test_…` (`test` true).
    case quberoutePublishable(test: Bool)
    /// `qr_sk_…`.
    case quberouteSecret
    /// 22 ASCII letters and digits, the form of an AppsFlyer DevKey.
    case appsFlyerDevKey
    /// Not known by its form.
    case unknown

    /// The length of an AppsFlyer DevKey (`w8sZzy8EaPaxFKfaoTqUi6` in seed 003).
    static let devKeyLength = 22

    /// The kind of `key`.
    static func of(_ key: String) -> AppKeyKind {
        if key.hasPrefix("qr_sk_") { return .quberouteSecret }
        if key.hasPrefix("qr_live_") { return .quberoutePublishable(test: false) }
        if key.hasPrefix("qr_test_") { return .quberoutePublishable(test: true) }
        if key.count == devKeyLength, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            return .appsFlyerDevKey
        }
        return .unknown
    }

    /// Whether the form is a secret's, which must never ship in an app.
    var isSecret: Bool { self == .quberouteSecret || self == .appsFlyerDevKey }

    /// `key` as the checklist prints it: a key meant to ship in apps with its middle hidden
    /// (``KeyCheck/mask(_:)``), a secret's form to its first characters only (``SecretMask/key(_:)``).
    static func masked(_ key: String) -> String {
        of(key).isSecret ? SecretMask.key(key) : KeyCheck.mask(key)
    }

    /// The sentence naming a secret's kind (nil for a key that is not one), for the key lines.
    var secretName: String? {
        switch self {
        case .quberouteSecret: "a QubeRoute secret key (qr_sk_…)"
        case .appsFlyerDevKey: "an AppsFlyer DevKey by its form (22 letters and digits)"
        case .quberoutePublishable, .unknown: nil
        }
    }

    /// What to do with a secret given as the app's key (nil for a key that is not one).
    var secretFix: String? {
        switch self {
        case .quberouteSecret:
            "never ship a secret key in an app: QubeRoute's SDK endpoints refuse it, and anyone can read it "
                + "out of the binary. Ship the project's publishable key (qr_live_… for live links, "
                + "qr_test_… for test links), and rotate this secret key if a build ever held it"
        case .appsFlyerDevKey:
            "a DevKey signs AppsFlyer's server-to-server calls: it belongs on the app's backend, never in "
                + "an app (anyone can read it out of the binary); rotate it in AppsFlyer if a build ever "
                + "held it (docs/appsflyer-s2s.md)"
        case .quberoutePublishable, .unknown: nil
        }
    }
}

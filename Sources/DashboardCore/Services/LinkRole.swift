/// The part a short link plays in the scenarios, as `--link ROLE=URL` names it.
///
/// On the embedded server every role has a link of the demo seed; against `--base-url` only the links the
/// user gives exist (`--link URL` is the ``main`` one), and a scenario whose role has no link is skipped,
/// saying which `--link` it needs. ``coldStart`` and ``shortWindow`` fall back to ``main``.
package enum LinkRole: String, CaseIterable, Sendable, Hashable, Comparable {
    /// Clicked before the deferred first launches and opened directly (`direct-open`, every `deferred-*`,
    /// `shared-network-guard`, the retry scenarios, `reinstall-rematch`, `match-once`, `signature`; `c` in the
    /// dashboard).
    case main
    /// Opens a first launch (`direct-open-cold-start`; `main` when not given).
    case coldStart = "cold-start"
    /// A link whose match window a click can outlive, for `window-expired`, where the backend can be told to
    /// date a click back (`main` when not given).
    case shortWindow = "short-window"
    /// A URL on the link domain that is no short link, for `not-a-short-link` (Deep Blue answers 404 and the
    /// app routes by the URL itself). Made up from the ``main`` link's origin when not given.
    case notALink = "not-a-link"

    /// The role whose link stands in when this one has none (nil: none does).
    package var fallback: LinkRole? {
        switch self {
        case .main, .notALink: nil
        case .coldStart, .shortWindow: .main
        }
    }

    /// What the role is for, in one line (`--help`, `?`, the docs).
    package var purpose: String {
        switch self {
        case .main: "clicked before deferred launches and opened directly (the default role; c clicks it)"
        case .coldStart: "opens a first launch (direct-open-cold-start; default: main)"
        case .shortWindow: "a click dated past its match window (window-expired, needs /dev; default: main)"
        case .notALink: "a URL on the link domain that is no short link (not-a-short-link; default: made from main)"
        }
    }

    /// In ``allCases`` order.
    package static func < (lhs: LinkRole, rhs: LinkRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

import Foundation

/// How the report groups installs by the delay from click to first open: the score's recency steps, the default
/// match window, a week, and the organic installs apart.
package enum LabDelayBucket: String, Sendable, Hashable, CaseIterable {
    /// Under 5 minutes.
    case under5min = "< 5 min"
    /// 5 to 30 minutes.
    case under30min = "5–30 min"
    /// 30 to 60 minutes.
    case under1h = "30–60 min"
    /// 1 to 6 hours.
    case under6h = "1–6 h"
    /// 6 to 12 hours.
    case under12h = "6–12 h"
    /// 12 to 24 hours.
    case under24h = "12–24 h"
    /// 1 to 7 days.
    case under7d = "1–7 d"
    /// A week or more.
    case longer = "≥ 7 d"
    /// No click.
    case organic

    /// The bucket of a delay; `.organic` for none.
    package init(delay: TimeInterval?) {
        guard let delay else {
            self = .organic
            return
        }
        switch delay {
        case ..<300: self = .under5min
        case ..<1_800: self = .under30min
        case ..<3_600: self = .under1h
        case ..<21_600: self = .under6h
        case ..<43_200: self = .under12h
        case ..<86_400: self = .under24h
        case ..<604_800: self = .under7d
        default: self = .longer
        }
    }
}

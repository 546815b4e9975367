import Foundation

/// The P2.5 weights exactly as the seed's table gives them (seeds/000, section 2), written out here and not
/// taken from the server, so the tests compute the expected `matchScore` from the contract itself.
enum ContractScore {
    static let ip = 30
    static let platform = 10
    static let osExact = 15
    static let osMajorOnly = 8
    static let language = 10
    static let timezone = 10
    static let deviceModel = 12
    static let threshold = 65

    /// `<5min:+9, <30min:+7, <60min:+5, <6h:+3, <12h:+1`.
    static func recency(ageSeconds: Double) -> Int {
        switch ageSeconds {
        case ..<300: 9
        case ..<1800: 7
        case ..<3600: 5
        case ..<21_600: 3
        case ..<43_200: 1
        default: 0
        }
    }

    /// `≥85 high, ≥70 medium, else low`.
    static func confidence(_ score: Int) -> String {
        score >= 85 ? "high" : score >= 70 ? "medium" : "low"
    }
}

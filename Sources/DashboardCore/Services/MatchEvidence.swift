/// How one match was made, as one source tells it: what ``ServiceProfile/methodName(for:)`` names.
///
/// The same match reaches the dashboard twice: as the reference engine's decision (`/dev/match-attempts`: the
/// Matches pane's server rows and their winner line) and as the service's answer the SDK read (the log, the
/// SDK rows, the profile pane, the compare, the reports). The service's profile gives both one name.
package struct MatchEvidence: Sendable, Hashable {
    /// Where the evidence comes from.
    enum Source: Sendable, Hashable {
        /// The reference engine's decision: ``MatchEvidence/method`` is its `matchMethod` (`IP_FUZZY`…, `NONE`).
        case engine
        /// The service's answer as the SDK read it: ``MatchEvidence/method`` is the SDK's `MatchMethod` raw
        /// value (`FINGERPRINT_SCORED`, `DIRECT`…).
        case answer
    }

    /// Where the evidence comes from.
    var source: Source
    /// The engine's method or the SDK's method, as ``source`` says.
    var method: String
    /// The service's own word for how it matched, read from its answer (``LinkSummary/matchType``: QubeRoute's
    /// `reason`, AppsFlyer's `match_type`); nil for the engine's decisions and for OptoLink's answers.
    var serviceWord: String?

    /// The reference engine's decision `method`.
    static func engine(_ method: String) -> MatchEvidence {
        MatchEvidence(source: .engine, method: method)
    }

    /// The service's answer the SDK read as `link`.
    package static func answer(_ link: LinkSummary) -> MatchEvidence {
        MatchEvidence(source: .answer, method: link.method, serviceWord: link.matchType)
    }

    /// A row of the Matches pane: the engine's decision for a server row, the answer for an SDK row.
    static func attempt(_ attempt: MatchAttempt) -> MatchEvidence {
        attempt.source == .server
            ? .engine(attempt.method)
            : MatchEvidence(source: .answer, method: attempt.method, serviceWord: attempt.matchType)
    }

    /// For a service other than OptoLink, the name of what is not a match: a direct open keeps the SDK's own
    /// label (`DIRECT`, `CUSTOM_SCHEME`) and no match is `no match` (`NONE` is OptoLink's word); nil for a
    /// match, which each service names in its own words.
    var nameOutsideMatching: String? {
        switch method {
        case "DIRECT", "CUSTOM_SCHEME": method
        case "NONE": "no match"
        default: nil
        }
    }
}

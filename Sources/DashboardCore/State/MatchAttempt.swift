/// One row of the match attempts pane.
///
/// Rows come from two sources: the SDK's `matchResult` diagnostic (``Source/sdk``, no breakdown) and the
/// server's `/dev/match-attempts` (``Source/server``, with breakdown). See ``DashboardReducer``.
package struct MatchAttempt: Sendable, Hashable, Codable {
    /// Where the row came from.
    package enum Source: Sendable, Hashable, Codable {
        /// The SDK's `matchResult` diagnostic.
        case sdk
        /// The server's `/dev/match-attempts`.
        case server
    }

    /// Server attempt id, or a generated `sdk-N` id.
    package var id: String
    /// Clock time of the SDK diagnostic (shown relative to the state's origin); nil for server rows, which use ``at``.
    package var time: Double?
    /// ISO-8601 time from the server (`at`), nil for SDK rows.
    package var at: String?
    /// `matched` from the server, or whether the SDK got data.
    package var matched: Bool
    /// Match method raw value (`CLIPBOARD`, `FINGERPRINT_SCORED`, …, `NONE`): the engine's for a server row,
    /// the SDK's for an SDK row. What the user sees is the service's name for it (``DashboardState/methodName(of:)``).
    package var method: String
    /// The service's own word for how it matched (``LinkSummary/matchType``), SDK rows only.
    package var matchType: String?
    /// The raw value of the service the row was decided for when it is not the run's own (the Lab's explained
    /// installs); nil for the run's service.
    package var service: String?
    /// Confidence raw value (`exact`, `high`, `medium`, `low`), nil when none.
    package var confidence: String?
    /// Score, nil when none.
    package var score: Double?
    /// The matched link's path, nil when none.
    package var path: String?
    /// The breakdown, server rows only.
    package var breakdown: MatchBreakdown?
    /// The click that won, server rows of a match only.
    package var winner: MatchWinner?
    /// Where the row came from.
    package var source: Source

    /// What an SDK row without a link got instead of the service's "no match" (`NONE`, its own answer that
    /// nothing matched).
    package enum Instead: Sendable, Hashable, Codable {
        /// No HTTP answer: the request failed, or the SDK gave up.
        case unanswered
        /// Another status: a 429, a refusal.
        case answered(Int)

        /// As the user sees it: `no answer`, `answered 429`.
        package var text: String {
            switch self {
            case .unanswered: "no answer"
            case .answered(let status): "answered \(status)"
            }
        }
    }

    /// For an SDK row without a link, what its match request got instead of a "no match"; nil for every other
    /// row.
    package var instead: Instead?

    /// ``instead`` as the user sees it, nil when the row has none.
    package var withoutMatchAnswer: String? { instead?.text }

    /// Creates a row.
    package init(
        id: String, time: Double? = nil, at: String? = nil, matched: Bool, method: String,
        confidence: String? = nil, score: Double? = nil, path: String? = nil,
        breakdown: MatchBreakdown? = nil, winner: MatchWinner? = nil, source: Source = .server,
        matchType: String? = nil
    ) {
        self.matchType = matchType
        self.winner = winner
        self.id = id
        self.time = time
        self.at = at
        self.matched = matched
        self.method = method
        self.confidence = confidence
        self.score = score
        self.path = path
        self.breakdown = breakdown
        self.source = source
    }
}

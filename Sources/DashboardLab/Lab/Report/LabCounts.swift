/// How many installs fell in each of the five classes, and what follows: precision, recall, the share of
/// matches that were wrong.
package struct LabCounts: Sendable, Hashable, Codable {
    /// Installs matched to the click they came from.
    package var correct = 0
    /// Installs matched to someone else's click.
    package var wrongClick = 0
    /// Installs that clicked and matched nothing.
    package var missed = 0
    /// Organic installs matched to a click.
    package var falseMatch = 0
    /// Organic installs matched to nothing.
    package var correctNoMatch = 0

    /// Zero everywhere.
    package init() {}

    /// Every install counted (the five classes always add up to it).
    package var installs: Int { correct + wrongClick + missed + falseMatch + correctNoMatch }
    /// Installs the backend matched to a click.
    package var matched: Int { correct + wrongClick + falseMatch }
    /// Installs that clicked.
    package var clicked: Int { correct + wrongClick + missed }
    /// False attributions: a wrong click or a false match.
    package var wrong: Int { wrongClick + falseMatch }

    /// Of the matches made, the share that named the right click; nil when nothing matched.
    package var precision: Double? { matched > 0 ? Double(correct) / Double(matched) : nil }
    /// Of the installs that clicked, the share matched to their click; nil when none clicked.
    package var recall: Double? { clicked > 0 ? Double(correct) / Double(clicked) : nil }
    /// Of the matches made, the share that were false attributions (1 − precision); nil when nothing matched.
    package var wrongShare: Double? { matched > 0 ? Double(wrong) / Double(matched) : nil }

    /// The count of `outcome`.
    package subscript(outcome: LabOutcomeClass) -> Int {
        get {
            switch outcome {
            case .correct: correct
            case .wrongClick: wrongClick
            case .missed: missed
            case .falseMatch: falseMatch
            case .correctNoMatch: correctNoMatch
            }
        }
        set {
            switch outcome {
            case .correct: correct = newValue
            case .wrongClick: wrongClick = newValue
            case .missed: missed = newValue
            case .falseMatch: falseMatch = newValue
            case .correctNoMatch: correctNoMatch = newValue
            }
        }
    }

    /// Counts one more install of `outcome`.
    package mutating func add(_ outcome: LabOutcomeClass) { self[outcome] += 1 }
}

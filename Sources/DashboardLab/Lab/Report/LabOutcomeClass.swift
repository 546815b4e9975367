import DashboardCore

/// The five outcomes of an install, by its ground truth and what the backend matched.
package enum LabOutcomeClass: UInt8, Sendable, Hashable, CaseIterable {
    /// It clicked, and the backend matched that click.
    case correct
    /// It clicked, and the backend matched someone else's click: a false attribution.
    case wrongClick
    /// It clicked, and nothing matched.
    case missed
    /// It clicked nothing, yet the backend matched a click: a false attribution.
    case falseMatch
    /// It clicked nothing, and nothing matched.
    case correctNoMatch

    /// The class of an install whose click was `truth` (nil: organic) when the backend matched `matched`.
    package init(truth: Int?, matched: Int?) {
        switch (truth, matched) {
        case (let truth?, let matched?): self = truth == matched ? .correct : .wrongClick
        case (_?, nil): self = .missed
        case (nil, _?): self = .falseMatch
        case (nil, nil): self = .correctNoMatch
        }
    }

    /// The name the JSON summary and the CSV use.
    package var key: String {
        switch self {
        case .correct: "correct"
        case .wrongClick: "wrongClick"
        case .missed: "missed"
        case .falseMatch: "falseMatch"
        case .correctNoMatch: "correctNoMatch"
        }
    }

    /// The name the report prints.
    package var label: String {
        switch self {
        case .correct: "correct"
        case .wrongClick: "wrong click"
        case .missed: "missed"
        case .falseMatch: "false match"
        case .correctNoMatch: "correct no-match"
        }
    }
}

import Foundation

/// What a flag takes after its name, and how its value is checked.
///
/// Every kind that takes a value names it in words (`what`): the missing-value line says
/// "`--flag` needs `what`", the bad-value line "`--flag` must be …, not '…'".
package enum FlagKind: Sendable, Hashable {
    /// No value: the flag is there or not (`--json`).
    case none
    /// Any text, empty included.
    case string(_ what: String)
    /// A file or directory path: any text but the empty one.
    case path(_ what: String)
    /// A whole number inside `range`; `what` names it ("whole seconds").
    case integer(_ what: String, NumberRange)
    /// A finite number inside `range`; `what` names it ("a number of seconds").
    case number(_ what: String, NumberRange)
    /// One of `choices`, in any case; the value is the choice as declared.
    case choice([String])
    /// An http or https URL with a host and, when given, a port in 1–65535; `what` gives an example.
    case url(_ what: String)

    /// Whether the flag takes a value.
    package var takesValue: Bool { self != .none }

    /// The value in words, for "`--flag` needs `what`".
    package var what: String {
        switch self {
        case .none: ""
        case .string(let what), .path(let what), .integer(let what, _), .number(let what, _), .url(let what): what
        case .choice(let choices): Self.list(choices)
        }
    }

    /// `a, b or c`.
    package static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}

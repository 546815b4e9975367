import Foundation

/// A command line read against the table: the command, each flag's checked values, the other arguments.
///
/// Values are keyed by the flag's first name (`--help` for `-h`).
package struct ParsedArguments: Sendable, Hashable {
    /// One checked value.
    package enum Value: Sendable, Hashable {
        /// A flag without a value, given.
        case present
        /// Text (a string, a path, or a choice as declared).
        case text(String)
        /// A whole number in its range.
        case integer(Int)
        /// A finite number in its range.
        case number(Double)
        /// An http(s) URL with a host.
        case url(URL)
    }

    /// The command (``CommandSpec/name``).
    package var command: String
    /// Each given flag's values in order (one unless the flag repeats).
    package var values: [String: [Value]] = [:]
    /// The arguments that are no flag, in order.
    package var positionals: [String] = []

    /// Nothing given to `command`.
    package init(command: String) { self.command = command }

    /// Whether `flag` was given.
    package func has(_ flag: String) -> Bool { values[flag] != nil }

    /// `flag`'s text (the last when given more than once), or nil.
    package func text(_ flag: String) -> String? { texts(flag).last }

    /// Every text given to `flag`, in order.
    package func texts(_ flag: String) -> [String] {
        (values[flag] ?? []).compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// `flag`'s whole number, or nil.
    package func integer(_ flag: String) -> Int? {
        if case .integer(let value) = values[flag]?.last { value } else { nil }
    }

    /// `flag`'s number, or nil.
    package func number(_ flag: String) -> Double? {
        if case .number(let value) = values[flag]?.last { value } else { nil }
    }

    /// `flag`'s URL, or nil.
    package func url(_ flag: String) -> URL? {
        if case .url(let value) = values[flag]?.last { value } else { nil }
    }
}

import Foundation

/// The arguments of a command that are no flag (`lab FILE`, `export SESSION`).
package struct PositionalSpec: Sendable, Hashable {
    /// The placeholder in help (`FILE`).
    package var valueName: String
    /// What one is, for "one `noun` at a time" (`lab file`).
    package var noun: String
    /// The help text, one output line per line.
    package var help: String
    /// Whether more than one may be given (default false: a second is an error).
    package var repeats: Bool

    /// Creates a spec; see each property.
    package init(_ valueName: String, noun: String, help: String = "", repeats: Bool = false) {
        self.valueName = valueName
        self.noun = noun
        self.help = help
        self.repeats = repeats
    }
}

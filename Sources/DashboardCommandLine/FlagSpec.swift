import Foundation

/// One row of a command-line table: a flag's names, what it takes, its help, and the commands that take it.
///
/// ```swift
/// FlagSpec(["--timeout"], .integer("whole seconds", NumberRange(from: 1, through: 120)), value: "SECONDS",
///          help: "per request, whole seconds 1–120 (default 10)", commands: ["doctor"])
/// ```
package struct FlagSpec: Sendable, Hashable {
    /// The names, the long one first (`--help`, `-h`); the first is the key values are read by.
    package var names: [String]
    /// What the flag takes.
    package var kind: FlagKind
    /// The value's placeholder in help (`SECONDS`, `NAME|PATH`); empty for a flag without a value.
    package var valueName: String
    /// The help text, one output line per line; continuation lines are indented under the first.
    package var help: String
    /// The commands that take the flag (`""` is the program without a command).
    package var commands: Set<String>
    /// Whether the flag may be given more than once, each value kept in order (default false: the last wins).
    package var repeats: Bool
    /// The help group it is listed under in its command's help (default: the command's first).
    package var group: String
    /// What the command does with a path the flag names (default ``PathUse/reads`` for a path, and nothing
    /// for another kind): the parser refuses an output that is an input or another output.
    package var use: PathUse?

    /// What a command does with a path.
    package enum PathUse: Sendable, Hashable {
        /// Reads it (a session to show, recorded clicks).
        case reads
        /// Writes (or replaces) the file.
        case writes
        /// Writes these files into the directory (`--export DIR`).
        case writesInto([String])
    }

    /// Creates a row; see each property.
    package init(
        _ names: [String], _ kind: FlagKind = .none, value valueName: String = "", use: PathUse? = nil,
        help: String, commands: Set<String>, repeats: Bool = false, group: String = ""
    ) {
        self.names = names
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.commands = commands
        self.repeats = repeats
        self.group = group
        if case .path = kind { self.use = use ?? .reads } else { self.use = use }
    }

    /// The key values are read by: the first name.
    package var name: String { names[0] }

    /// `-h, --help` or `--theme NAME|PATH`, as the help's left column shows it.
    package var label: String {
        let names = names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return valueName.isEmpty ? names : names + " " + valueName
    }
}

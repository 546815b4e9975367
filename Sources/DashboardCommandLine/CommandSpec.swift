import Foundation

/// One command of a program: its name, what it does, how it is called, and how its help is laid out.
///
/// The flags themselves are rows of the table (``FlagSpec``) naming the commands that take them.
package struct CommandSpec: Sendable, Hashable {
    /// One titled list of flags in the help (`OPTIONS`, `OPTIONS (OptoLink)`).
    package struct Group: Sendable, Hashable {
        /// The key flags name in ``FlagSpec/group`` (the first group's key is usually `""`).
        package var key: String
        /// The title printed above the list.
        package var title: String

        /// A group titled `title`, keyed `key`.
        package init(_ key: String, _ title: String) {
            self.key = key
            self.title = title
        }
    }

    /// The words after the program's name (`doctor`, `lab merge`); `""` for the program alone.
    package var name: String
    /// One line for the program's list of commands.
    package var summary: String
    /// The help's opening: what the command does and its USAGE lines, as printed.
    package var overview: String
    /// The arguments that are no flag; nil: none is taken.
    package var positional: PositionalSpec?
    /// The help's lists of flags, in order (default one, `OPTIONS`).
    package var groups: [Group]
    /// The help's close (keys, exit codes), as printed.
    package var footer: String
    /// Where the help's right column starts (default 24).
    package var column: Int

    /// Creates a command; see each property.
    package init(
        _ name: String, summary: String, overview: String, positional: PositionalSpec? = nil,
        groups: [Group] = [Group("", "OPTIONS")], footer: String, column: Int = 24
    ) {
        self.name = name
        self.summary = summary
        self.overview = overview
        self.positional = positional
        self.groups = groups
        self.footer = footer
        self.column = column
    }

    /// The words of ``name`` (none for the program alone).
    package var words: [String] { name.split(separator: " ").map(String.init) }
}

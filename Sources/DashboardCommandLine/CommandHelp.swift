import Foundation

/// The `--help` text of a command, made from the table: its overview, its flags by group in table order, the
/// program's commands (for the program alone), its footer.
package enum CommandHelp {
    /// `command`'s help as `parser`'s table declares it.
    package static func text(for command: String, in parser: CommandLineParser) -> String {
        guard let spec = parser.commands.first(where: { $0.name == command }) else { return "" }
        var lines = [spec.overview]
        let flags = parser.flags(of: command)
        for (position, group) in spec.groups.enumerated() {
            lines += ["", group.title + ":"]
            if position == 0, let positional = spec.positional, !positional.help.isEmpty {
                lines += rows(positional.valueName, positional.help, column: spec.column)
            }
            for flag in flags where flag.group == group.key {
                lines += rows(flag.label, flag.help, column: spec.column)
            }
        }
        let others = parser.commands.filter { !$0.name.isEmpty && !$0.name.contains(" ") }
        if command.isEmpty && !others.isEmpty {
            lines += ["", "COMMANDS:"]
            for other in others { lines += rows(other.name, other.summary, column: spec.column) }
        }
        if !spec.footer.isEmpty { lines += ["", spec.footer] }
        return lines.joined(separator: "\n")
    }

    /// `label` in the left column and `help`'s lines in the right; a label too wide for the column gets a
    /// line of its own.
    static func rows(_ label: String, _ help: String, column: Int) -> [String] {
        let indent = String(repeating: " ", count: column)
        var text = help.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        let left = "  " + label
        if left.count < column - 1, !text.isEmpty {
            let first = text[0].dropFirst(column)
            text[0] = first.isEmpty ? left : left + String(repeating: " ", count: column - left.count) + first
        } else {
            text.insert(left, at: 0)
        }
        return text
    }
}

import DashboardCore

/// The first, Character-based `JSONPretty` (replaced by the byte-based one for the inspector's speed, bench row
/// 6a), kept as the oracle its replacement is checked against. Re-indents JSON two spaces per level.
package enum JSONPrettyOracle {
    /// The lines of `text`, pretty-printed when it is JSON.
    package static func lines(_ text: String) -> [String] {
        let trimmed = text.trimmingSpaces
        guard let first = trimmed.first, first == "{" || first == "[" else {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var lines: [String] = []
        var line = ""
        var depth = 0
        var inString = false
        var escaped = false
        func newline() {
            if !line.trimmingSpaces.isEmpty { lines.append(line) }
            line = String(repeating: "  ", count: max(0, depth))
        }
        var characters = Array(trimmed)[...]
        while let character = characters.popFirst() {
            if inString {
                line.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
                line.append(character)
            case "{", "[":
                // An empty object or array stays on one line.
                if let next = characters.first(where: { !$0.isWhitespace }), next == (character == "{" ? "}" : "]") {
                    while let skipped = characters.popFirst(), skipped != next {}
                    line += character == "{" ? "{}" : "[]"
                } else {
                    line.append(character)
                    depth += 1
                    newline()
                }
            case "}", "]":
                depth -= 1
                newline()
                line.append(character)
            case ",":
                line.append(character)
                newline()
            case ":":
                line += ": "
            case " ", "\n", "\r", "\t":
                continue
            default:
                line.append(character)
            }
        }
        if !line.trimmingSpaces.isEmpty { lines.append(line) }
        return lines
    }
}

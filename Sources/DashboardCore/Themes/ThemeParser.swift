import OptoLinkToolSupport

/// Parses btop-style theme files.
///
/// ```
/// # comment
/// theme[main_fg]="#f8f8f2"
/// theme[selected_bg]="blue"
/// theme[dim_fg]=244
/// theme[mono]="true"        # optional: attribute-only theme
/// ```
/// Blank lines and `#` comments are skipped; values may be quoted or bare, colours are names
/// (`red`, `bright_blue`, `default`), `#RRGGBB` / `#RGB` or 0–255. Unknown keys are warnings;
/// any other line, or a bad colour, is an error naming the file and line.
package enum ThemeParser {
    /// Parses `text` read from `file` into a theme named `name`.
    /// - Throws: ``DashboardError/themeSyntax(file:line:reason:)`` for the first broken line.
    package static func parse(_ text: String, name: String, file: String) throws(DashboardError) -> ParsedTheme {
        var colors: [ThemeKey: ThemeColor] = [:]
        var warnings: [String] = []
        var isMono = false
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = String(rawLine.filter { $0 != "\r" }).trimmingSpaces.trimmingTabs
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard line.hasPrefix("theme["), let close = line.firstIndex(of: "]") else {
                throw .themeSyntax(
                    file: file, line: lineNumber, reason: "expected theme[key]=\"value\", got \(QuotedText.quote(line))"
                )
            }
            let key = String(line[line.index(line.startIndex, offsetBy: 6)..<close])
            var rest = Substring(line[line.index(after: close)...])
            while rest.first == " " { rest.removeFirst() }
            guard rest.first == "=" else {
                throw .themeSyntax(
                    file: file, line: lineNumber, reason: "missing '=' after theme[\(QuotedText.escaped(key))]")
            }
            rest.removeFirst()
            var value = String(rest).trimmingSpaces
            if let hash = value.range(of: " #"), !value.hasPrefix("\"") { value = String(value[..<hash.lowerBound]) }
            if value.hasPrefix("\"") {
                let body = value.dropFirst()
                guard let end = body.firstIndex(of: "\"") else {
                    throw .themeSyntax(
                        file: file, line: lineNumber, reason: "unterminated quote in theme[\(QuotedText.escaped(key))]")
                }
                let trailing = body[body.index(after: end)...].trimmingCharactersSpaces
                guard trailing.isEmpty || trailing.hasPrefix("#") else {
                    throw .themeSyntax(
                        file: file, line: lineNumber,
                        reason: "unexpected text after the value of theme[\(QuotedText.escaped(key))]")
                }
                value = String(body[..<end])
            }
            if key == "mono" {
                isMono = ["true", "yes", "1"].contains(value.lowercased())
                continue
            }
            guard let themeKey = ThemeKey(rawValue: key) else {
                warnings.append("\(file):\(lineNumber): unknown key \(QuotedText.quote(key)) ignored")
                continue
            }
            guard let color = ThemeColor(parsing: value) else {
                throw .themeSyntax(
                    file: file, line: lineNumber,
                    reason: "\(QuotedText.quote(value)) is not a colour (name, #RRGGBB or 0-255)")
            }
            colors[themeKey] = color
        }
        return ParsedTheme(theme: Theme(name: name, colors: colors, isMono: isMono), warnings: warnings)
    }
}

extension StringProtocol {
    /// Without leading/trailing spaces.
    var trimmingCharactersSpaces: String { String(self).trimmingSpaces }
}

extension String {
    /// Without leading/trailing tabs.
    var trimmingTabs: String {
        var s = Substring(self)
        while s.first == "\t" || s.first == " " { s.removeFirst() }
        while s.last == "\t" || s.last == " " { s.removeLast() }
        return String(s)
    }
}

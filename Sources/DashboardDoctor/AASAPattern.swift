/// Apple's pattern syntax for the apple-app-site-association file: `*` matches any run of characters
/// (none included), `?` exactly one, everything else itself. Used for `components` (`"/"`, `"?"`, `"#"`)
/// and the older `paths` strings.
struct AASAPattern: Sendable, Hashable {
    /// The pattern as written in the file.
    let text: String
    /// Compare ignoring case (`"caseSensitive": false` in a component).
    let ignoringCase: Bool

    init(_ text: String, ignoringCase: Bool = false) {
        self.text = text
        self.ignoringCase = ignoringCase
    }

    /// Whether the whole of `subject` matches.
    func matches(_ subject: String) -> Bool {
        let pattern = Array(ignoringCase ? text.lowercased() : text)
        let input = Array(ignoringCase ? subject.lowercased() : subject)
        // Iterative wildcard matching with one back-track point for the last `*` (linear in practice).
        var p = 0
        var s = 0
        var star: Int?
        var starMatch = 0
        while s < input.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == input[s]) {
                p += 1
                s += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                starMatch = s
                p += 1
            } else if let star {
                p = star + 1
                starMatch += 1
                s = starMatch
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

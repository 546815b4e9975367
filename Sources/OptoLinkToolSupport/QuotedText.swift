/// The one way an error message quotes text a user handed the tools: a lab line, a flag's value, a file's bytes.
///
/// Control bytes are escaped (`\e`, `\n`, `\u{7}`…), so a quoted `installs = 5\e[2J` cannot clear the user's
/// terminal, and text longer than ``limit`` characters is cut with `…`, so a 4 MiB file of NULs is never echoed
/// whole:
///
/// ```swift
/// QuotedText.quote("5\u{1B}[2J")   // "'5\\e[2J'"
/// ```
package enum QuotedText {
    /// The characters kept before the cut (default 80: one terminal line's worth of the user's text).
    package static let limit = 80

    /// `text` with control characters escaped and cut to ``limit`` characters plus `…`, without quotes.
    package static func escaped(_ text: some StringProtocol, limit: Int = QuotedText.limit) -> String {
        var result = ""
        var kept = 0
        for scalar in text.unicodeScalars {
            if kept >= limit {
                result += "…"
                break
            }
            result += escape(scalar)
            kept += 1
        }
        return result
    }

    /// ``escaped(_:limit:)`` between single quotes: `'text'`.
    package static func quote(_ text: some StringProtocol, limit: Int = QuotedText.limit) -> String {
        "'" + escaped(text, limit: limit) + "'"
    }

    /// One scalar as it may reach a terminal.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x1B: return "\\e"
        case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{" + String(scalar.value, radix: 16) + "}"
        default: return String(scalar)
        }
    }
}

/// Writes rows in the replay's CSV format: RFC 4180, a field quoted only when it holds a comma, a quote or a
/// line break (its quotes doubled), lines ending in LF.
package enum ReplayCSVWriter {
    /// One line of `fields`, with its LF.
    package static func line(_ fields: [String]) -> String {
        var out = ""
        for (index, field) in fields.enumerated() {
            if index > 0 { out += "," }
            out += quoted(field)
        }
        return out + "\n"
    }

    /// `field` as one CSV field.
    package static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A time in epoch seconds, written so it reads back to the same `Double`.
    package static func time(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : "\(seconds)"
    }
}

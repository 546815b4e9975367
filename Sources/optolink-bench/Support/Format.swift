import Foundation

/// Number formatting for the table.
enum Format {
    /// A duration in seconds as µs, ms or s with 3 significant-ish digits.
    static func duration(_ seconds: Double) -> String {
        let magnitude = abs(seconds)
        if magnitude < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
        if magnitude < 1 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.3f s", seconds)
    }

    /// A ratio such as `0.93×`.
    static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        if value != 0 && abs(value) < 0.001 { return String(format: "%.1e×", value) }
        return String(format: "%.2f×", value)
    }

    /// A rate with thousands separators, e.g. `48 210/s`.
    static func rate(_ perSecond: Double, unit: String = "/s") -> String { grouped(Int(perSecond.rounded())) + unit }

    /// An integer with thin-space thousands separators.
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += " " }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// Bytes as MB (10^6) with one decimal.
    static func megabytes(_ bytes: Double) -> String { String(format: "%.1f MB", bytes / 1e6) }
}

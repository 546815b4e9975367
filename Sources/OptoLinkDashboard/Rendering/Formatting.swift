/// Formats seconds as `1.4s` (one decimal) or `120ms` under a tenth of a second.
func formatSeconds(_ seconds: Double) -> String {
    if seconds < 0.1 && seconds > 0 { return "\(Int((seconds * 1000).rounded()))ms" }
    let tenths = Int((seconds * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)s"
}

/// Formats a score without a trailing `.0`.
func formatScore(_ score: Double) -> String {
    score == score.rounded() ? String(Int(score)) : String(format1(score))
}

/// One decimal, without Foundation.
func format1(_ value: Double) -> String {
    let tenths = Int((abs(value) * 10).rounded())
    return "\(value < 0 ? "-" : "")\(tenths / 10).\(tenths % 10)"
}

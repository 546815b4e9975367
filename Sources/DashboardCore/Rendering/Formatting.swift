import OptoLinkToolSupport

/// Formats seconds as `1.4s` (one decimal) or `120ms` under a tenth of a second.
package func formatSeconds(_ seconds: Double) -> String {
    if seconds < 0.1 && seconds > 0 { return "\(FileNumber.saturating(seconds * 1000))ms" }
    let tenths = FileNumber.saturating(seconds * 10)
    if tenths < 0 { return "-" + formatSeconds(-seconds) }
    return "\(tenths / 10).\(tenths % 10)s"
}

/// Formats a score without a trailing `.0`.
package func formatScore(_ score: Double) -> String {
    score == score.rounded() ? String(FileNumber.saturating(score)) : String(format1(score))
}

/// One decimal, without Foundation.
package func format1(_ value: Double) -> String {
    let tenths = FileNumber.saturating(abs(value) * 10)
    return "\(value < 0 ? "-" : "")\(tenths / 10).\(tenths % 10)"
}

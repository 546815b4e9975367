/// The one checked conversion from a number read out of a file (a HAR, a session, a lab file, a seed) to a whole
/// number.
///
/// `Int(someDouble)` traps on NaN, on infinity and on anything past `Int.max`, and a file may hold any of them
/// (`"time": 1e308`). Every Double a file can reach goes through here instead:
///
/// ```swift
/// FileNumber.whole(1e308)             // nil: not representable, the caller says "out of range"
/// FileNumber.saturating(1e308 * 10)   // FileNumber.limit: for display, never traps
/// ```
package enum FileNumber {
    /// The largest magnitude either conversion gives: 2⁵³, past which a Double no longer holds every whole number.
    package static let limit = 9_007_199_254_740_992

    /// `value` as an Int when it is a whole number of at most ``limit`` in magnitude; nil otherwise (a fraction,
    /// NaN, infinity, or too large).
    package static func whole(_ value: Double) -> Int? {
        guard value.isFinite, value.rounded() == value, abs(value) <= Double(limit) else { return nil }
        return Int(value)
    }

    /// `value` rounded by `rule` and clamped to ±``limit``; NaN gives 0. For display and arithmetic that must
    /// never trap on what a file says.
    package static func saturating(
        _ value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) -> Int {
        guard !value.isNaN else { return 0 }
        let bound = Double(limit)
        return Int(min(bound, max(-bound, value.rounded(rule))))
    }

    /// `value` plus `step` when that fits an Int, else nil (an identifier read from a file may be `Int.max`).
    package static func adding(_ value: Int, _ step: Int) -> Int? {
        let (sum, overflow) = value.addingReportingOverflow(step)
        return overflow ? nil : sum
    }
}

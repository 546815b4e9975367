import Foundation

/// The values a numeric flag takes: a lower bound, an optional upper bound, each open or closed.
///
/// ```swift
/// let seconds = NumberRange(above: 0, upTo: 60)  // (0, 60]
/// seconds.contains(0.05)                         // true
/// seconds.text                                   // "in (0, 60]"
/// ```
package struct NumberRange: Sendable, Hashable {
    /// The lower bound.
    package var lower: Double
    /// Whether ``lower`` itself is allowed.
    package var includesLower: Bool
    /// The upper bound; nil: none.
    package var upper: Double?
    /// Whether ``upper`` itself is allowed.
    package var includesUpper: Bool

    /// `[lower, upper]`, or `≥ lower` when `upper` is nil.
    package init(from lower: Double, through upper: Double? = nil) {
        self.lower = lower
        self.includesLower = true
        self.upper = upper
        self.includesUpper = true
    }

    /// `(lower, upper]`: the lower bound itself is excluded.
    package init(above lower: Double, upTo upper: Double) {
        self.init(from: lower, through: upper)
        self.includesLower = false
    }

    /// Whether `value` is a finite number inside the range.
    package func contains(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        let aboveLower = includesLower ? value >= lower : value > lower
        guard let upper else { return aboveLower }
        return aboveLower && (includesUpper ? value <= upper : value < upper)
    }

    /// The range as an error line says it: `in (0, 60]`, `in [1, 120]`, `≥ 1`.
    package var text: String {
        guard let upper else { return (includesLower ? "≥ " : "> ") + Self.number(lower) }
        return "in " + (includesLower ? "[" : "(") + Self.number(lower) + ", " + Self.number(upper)
            + (includesUpper ? "]" : ")")
    }

    /// `60` for a whole number, `0.01` otherwise.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

import Foundation

/// A value bound to or read from SQLite.
package enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// The text, if this is text.
    package var string: String? { if case .text(let s) = self { return s } else { return nil } }
    var int: Int64? {
        switch self {
        case .integer(let i): i
        case .real(let d): Int64(d)
        default: nil
        }
    }
    var double: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .real(let d): d
        default: nil
        }
    }
    /// A date stored as seconds since 1970.
    package var date: Date? { double.map(Date.init(timeIntervalSince1970:)) }

    /// Text, or NULL.
    package init(_ string: String?) { self = string.map(SQLValue.text) ?? .null }
    init(_ int: Int?) { self = int.map { .integer(Int64($0)) } ?? .null }
    /// Seconds since 1970, or NULL.
    package init(_ date: Date?) { self = date.map { .real($0.timeIntervalSince1970) } ?? .null }
}

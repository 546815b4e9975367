import Foundation

/// Where the server reads the time from: injected so TTLs, grace periods, recency buckets and
/// rate-limit windows are tested without sleeping.
package protocol ServerClock: Sendable {
    /// The current wall-clock time.
    func now() -> Date
}

/// The real clock.
package struct SystemServerClock: ServerClock {
    /// The real clock.
    package init() {}

    /// `Date()`.
    package func now() -> Date { Date() }
}

import Foundation

/// Where the server reads the time from: injected so TTLs, grace periods, recency buckets and
/// rate-limit windows are tested without sleeping.
protocol ServerClock: Sendable {
    /// The current wall-clock time.
    func now() -> Date
}

/// The real clock.
struct SystemServerClock: ServerClock {
    func now() -> Date { Date() }
}

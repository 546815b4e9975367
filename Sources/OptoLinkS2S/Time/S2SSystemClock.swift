import Foundation

/// The real clock: `Task.sleep`.
public struct S2SSystemClock: S2SClock {
    /// Creates the clock.
    public init() {}

    /// Sleeps `seconds` (zero or less: returns at once unless cancelled).
    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else {
            try Task.checkCancellation()
            return
        }
        // Capped before converting: 10⁹ s is already "forever", and UInt64(1e20) would trap.
        let nanoseconds = seconds >= 1e9 ? UInt64(1e18) : UInt64(seconds * 1_000_000_000)
        try await Task.sleep(nanoseconds: nanoseconds)
    }
}

import Foundation

/// Monotonic time in seconds (`CLOCK_MONOTONIC` through `DispatchTime`), for measuring.
enum Stopwatch {
    /// Seconds since an arbitrary fixed point.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Runs `body` and returns its duration in seconds.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }
}

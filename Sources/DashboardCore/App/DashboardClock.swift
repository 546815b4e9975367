import Foundation

/// The time source of the app loop, in seconds (monotonic; the app passes SDKDashboardClock, the SDK's clock).
package protocol DashboardClock: Sendable {
    /// Current time in seconds.
    func now() -> Double
}

/// Monotonic system time (`ProcessInfo.systemUptime`).
package struct SystemDashboardClock: DashboardClock {
    /// Creates the clock.
    package init() {}
    /// Seconds since boot.
    package func now() -> Double { ProcessInfo.processInfo.systemUptime }
}

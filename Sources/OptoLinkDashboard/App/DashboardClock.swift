import Foundation

/// The time source of the app loop, in seconds (monotonic; the app passes SDKDashboardClock, the SDK's clock).
public protocol DashboardClock: Sendable {
    /// Current time in seconds.
    func now() -> Double
}

/// Monotonic system time (`ProcessInfo.systemUptime`).
public struct SystemDashboardClock: DashboardClock {
    /// Creates the clock.
    public init() {}
    /// Seconds since boot.
    public func now() -> Double { ProcessInfo.processInfo.systemUptime }
}

import DashboardCore

/// A ``DashboardClock`` that reads a function: a headless run's clock, handed to a ``SessionRecorder``.
package struct ClosureDashboardClock: DashboardClock {
    private let read: @Sendable () -> Double

    /// A clock whose time is what `read` returns (seconds, monotonic).
    package init(_ read: @escaping @Sendable () -> Double) { self.read = read }

    /// What the function returns now.
    package func now() -> Double { read() }
}

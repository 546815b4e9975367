import OptoLink

/// Seam 2: the dashboard's clock reads the SDK's clock, the time base of every `Diagnostic`, so backoff
/// countdowns (`start + delay − now`) are right.
package struct SDKDashboardClock: DashboardClock {
    private let clock: any OptoLinkClock

    /// Wraps the SDK's clock (default `SystemClock`, what the simulated devices use).
    package init(_ clock: any OptoLinkClock = SystemClock()) { self.clock = clock }

    /// The SDK clock's `now()`.
    package func now() -> Double { clock.now() }
}

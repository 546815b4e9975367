import DashboardCore
import Foundation

/// A dashboard clock a test moves by hand.
package final class SessionTestClock: DashboardClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double
    package init(_ time: Double) { self.time = time }
    package func now() -> Double {
        lock.lock()
        defer { lock.unlock() }
        return time
    }
    package func set(_ value: Double) {
        lock.lock()
        time = value
        lock.unlock()
    }
}

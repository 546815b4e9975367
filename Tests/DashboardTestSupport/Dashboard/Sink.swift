import DashboardCore
import Foundation

/// Collects what a run emits, from any thread, in order.
package final class Sink<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    /// An empty sink.
    package init() {}

    /// What was kept so far, in order.
    package var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Keeps `value`.
    package func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }
}

/// The lines a headless run or a command writes.
package typealias LineSink = Sink<String>

extension Sink where Value == String {
    /// The lines written so far.
    package var lines: [String] { values }

    /// Keeps `line`.
    package func write(_ line: String) { append(line) }
}

/// The actions a scenario run or a device's observer emits.
package typealias ActionSink = Sink<DashboardAction>

extension Sink where Value == DashboardAction {
    /// The actions emitted so far.
    package var actions: [DashboardAction] { values }

    /// Keeps `action`.
    package func emit(_ action: DashboardAction) { append(action) }
}

import Foundation

/// A value handed from one thread to another: set from a transport's callback, read by the task that
/// waited for the call (see ``HTTPTransport/send(_:onAnswer:)``).
///
/// `@unchecked Sendable` is safe: `stored` is only touched while `lock` is held, and `Value` is `Sendable`.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ initial: Value) { self.stored = initial }

    /// The current value.
    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Replaces the value.
    func set(_ newValue: Value) {
        lock.lock()
        stored = newValue
        lock.unlock()
    }
}

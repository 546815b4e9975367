import Foundation

/// A value shared between threads behind a lock: set from a transport's callback and read by the task
/// that waited, a counter, a registry, a client's small mutable state.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15; this is the same idea on an `NSLock`, for every
/// platform the clients support. Keep the closures given to ``withLock(_:)`` short: never wait, call out
/// or resume a continuation inside one (return what to do and do it after).
///
/// `@unchecked Sendable` is safe: `stored` is only touched while `lock` is held, and `Value` is `Sendable`.
public final class LockedValue<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var stored: Value

    /// A lock around `initial`.
    public init(_ initial: Value) { self.stored = initial }

    /// The current value.
    @inlinable public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Replaces the value.
    @inlinable public func set(_ newValue: Value) {
        lock.lock()
        stored = newValue
        lock.unlock()
    }

    /// Runs `body` on the value with the lock held, and returns what it returns.
    @inlinable public func withLock<Answer>(_ body: (inout Value) throws -> Answer) rethrows -> Answer {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}

import Foundation

/// A value that is only ever touched while a lock is held.
///
/// `@unchecked Sendable` is safe because every read and write of `stored` happens inside `withLock`,
/// under `lock`. An `NSLock` is used instead of `Synchronization.Mutex` so the package still builds
/// for its macOS 12 deployment target.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    package init(_ value: Value) { self.stored = value }

    /// The value now (a copy, read under the lock); setting it replaces it under the lock.
    package var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }

    /// Runs `body` with exclusive access to the value if nobody holds the lock now; nil (without
    /// waiting) when someone does.
    package func withLockIfAvailable<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return try body(&stored)
    }
}

import Foundation

/// A value that is only ever touched while a lock is held.
///
/// `@unchecked Sendable` is safe because every read and write of `value` happens inside `withLock`,
/// under `lock`. An `NSLock` is used instead of `Synchronization.Mutex` so the package still builds
/// for its macOS 12 deployment target.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Runs `body` with exclusive access to the value if nobody holds the lock now; nil (without
    /// waiting) when someone does.
    func withLockIfAvailable<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return try body(&value)
    }
}

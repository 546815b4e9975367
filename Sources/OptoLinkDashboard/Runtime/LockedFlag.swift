import Foundation

/// A Boolean readable from any thread.
///
/// `@unchecked Sendable` is safe: `stored` is only touched while `lock` is held.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false

    var value: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}

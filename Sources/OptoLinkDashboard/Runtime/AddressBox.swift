import Foundation

/// A thread-safe, changeable network address.
///
/// `@unchecked Sendable` is safe: `current` is only touched while `lock` is held.
package final class AddressBox: @unchecked Sendable {
    private let lock = NSLock()
    private var current: String

    /// Creates the box.
    package init(_ address: String) { current = address }

    /// The address now.
    package var value: String {
        get {
            lock.lock()
            defer { lock.unlock() }
            return current
        }
        set {
            lock.lock()
            current = newValue
            lock.unlock()
        }
    }
}

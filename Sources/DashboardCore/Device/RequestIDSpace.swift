import Foundation

/// Hands out request-id offsets so the timeline rows of every SDK instance (relaunches, reinstalls,
/// scenario devices) stay apart: the SDK numbers its requests from 1 in each instance.
///
/// `@unchecked Sendable` is safe: `maximum` is only touched while `lock` is held.
package final class RequestIDSpace: @unchecked Sendable {
    private let lock = NSLock()
    private var maximum = 0

    /// Creates an empty space.
    package init() {}

    /// The highest id handed out so far (the offset for the next SDK instance).
    package var highest: Int {
        lock.lock()
        defer { lock.unlock() }
        return maximum
    }

    /// Notes that `id` is in use.
    package func observe(_ id: Int) {
        lock.lock()
        maximum = max(maximum, id)
        lock.unlock()
    }
}

import Foundation

/// Hands out request ids 1, 2, 3… for one ``RequestRunner`` (and the runners made from it).
///
/// `@unchecked Sendable` is safe: `next` is read and written only while `lock` is held. A lock because
/// ids are taken synchronously at the start of a request.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        return next
    }
}

import Foundation

/// Hands out host numbers 10…249, then starts over.
///
/// `@unchecked Sendable` is safe: `next` is only touched while `lock` is held.
final class AddressAllocator: @unchecked Sendable {
    private let lock = NSLock()
    private var next: Int

    init(next: Int) { self.next = next }

    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let value = next
        next = next >= 249 ? 10 : next + 1
        return value
    }
}

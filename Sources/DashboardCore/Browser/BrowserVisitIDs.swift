import Foundation

/// Hands out the timeline ids of browser visits, one after the other, from any thread.
///
/// `@unchecked Sendable` is safe: `next` is only touched while `lock` is held.
final class BrowserVisitIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var next: Int

    /// Ids from `first` on.
    init(first: Int) { next = first }

    /// The next id.
    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        return next - 1
    }
}

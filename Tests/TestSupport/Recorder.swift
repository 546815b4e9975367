import Foundation

/// Collects values delivered from any thread (tests' probes, listeners, callbacks).
///
/// `@unchecked Sendable` is safe: `items` is only touched while `lock` is held.
public final class Recorder<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []

    /// An empty recorder.
    public init() {}

    /// Appends `item`.
    public func record(_ item: Element) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    /// Everything recorded so far, in order.
    public var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}

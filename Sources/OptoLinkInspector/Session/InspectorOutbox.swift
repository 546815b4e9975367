import Foundation
import OptoLink
import OptoLinkInspectorWire

/// The inspector's bounded buffer between the SDK and the connection: the SDK's diagnostics (and the
/// command results) wait here until the dashboard takes them.
///
/// Holds at most ``capacity`` items (default 2 000, ``OptoLinkInspector/bufferCapacity``); a push into a
/// full buffer drops the oldest item and counts it, and the count is sent (`dropped`) before the next
/// items that go out. A push is O(1) and never blocks: a lock held for a few instructions, and at most
/// one wake-up of the connection per drain (see ``take(max:armIfDrained:)``).
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held, and the
/// wake handler is called after it is released.
final class InspectorOutbox: @unchecked Sendable {
    /// One buffered item.
    enum Item: Sendable, Hashable {
        /// A diagnostic with its sequence number.
        case diagnostic(seq: Int, Diagnostic)
        /// A command's answer.
        case commandResult(InspectorCommandResult)
    }

    /// What ``take(max:armIfDrained:)`` hands out.
    struct Batch: Sendable, Hashable {
        /// Items dropped since the last batch (to be reported before ``items``).
        var dropped: Int
        /// The oldest items, in order.
        var items: [Item]
    }

    /// The largest number of items held.
    let capacity: Int
    private let lock = NSLock()
    private var ring: [Item?]
    private var head = 0
    private var count = 0
    private var nextSeq = 1
    private var droppedSinceBatch = 0
    private var droppedTotal = 0
    private var wake: (@Sendable () -> Void)?
    private var armed = false

    /// Creates an empty buffer of `capacity` items (at least 1).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        ring = Array(repeating: nil, count: self.capacity)
    }

    /// Items waiting.
    var buffered: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
    /// Items dropped since the buffer was created.
    var dropped: Int {
        lock.lock()
        defer { lock.unlock() }
        return droppedTotal
    }

    /// Adds a diagnostic, numbering it (the numbers run on across drops, so a gap shows where they were).
    func push(_ diagnostic: Diagnostic) {
        lock.lock()
        let seq = nextSeq
        nextSeq += 1
        let wake = append(.diagnostic(seq: seq, diagnostic))
        lock.unlock()
        wake?()
    }

    /// Adds a command result.
    func push(_ result: InspectorCommandResult) {
        lock.lock()
        let wake = append(.commandResult(result))
        lock.unlock()
        wake?()
    }

    /// Appends under the lock; returns the wake handler to call once the lock is released, if armed.
    private func append(_ item: Item) -> (@Sendable () -> Void)? {
        if count == capacity {
            ring[head] = nil
            head = (head + 1) % capacity
            count -= 1
            droppedSinceBatch += 1
            droppedTotal += 1
        }
        ring[(head + count) % capacity] = item
        count += 1
        guard armed else { return nil }
        armed = false
        return wake
    }

    /// Sets what a push calls when the buffer was drained and armed (the connection's wake-up), and disarms.
    func setWakeHandler(_ handler: (@Sendable () -> Void)?) {
        lock.lock()
        wake = handler
        armed = false
        lock.unlock()
    }

    /// Removes and returns up to `max` of the oldest items, with the number dropped since the last batch.
    /// With `armIfDrained`, when nothing is left the next push calls the wake handler (once): the caller
    /// can then sleep without missing an item.
    func take(max: Int, armIfDrained: Bool) -> Batch {
        lock.lock()
        defer { lock.unlock() }
        var items: [Item] = []
        items.reserveCapacity(Swift.min(max, count))
        while items.count < max, count > 0, let item = ring[head] {
            items.append(item)
            ring[head] = nil
            head = (head + 1) % capacity
            count -= 1
        }
        let dropped = droppedSinceBatch
        droppedSinceBatch = 0
        if armIfDrained && count == 0 { armed = true }
        return Batch(dropped: dropped, items: items)
    }
}

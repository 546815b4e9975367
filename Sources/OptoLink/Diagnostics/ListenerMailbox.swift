import Foundation

/// One listener's queue of a ``Broadcaster``: the values sent to it and not read yet, and the listener
/// waiting for the next one. Its stream is an `AsyncStream(unfolding:)` over ``next()``.
///
/// A send hands the value straight to a waiting listener (one continuation resumed), without going
/// through `AsyncStream`'s own buffer: a direct open delivers its link from the transport's callback,
/// and `AsyncStream.Continuation.yield` cost it ~10 µs there against ~4 µs for resuming a continuation
/// (measured in optolink-bench, measure 2).
///
/// `@unchecked Sendable` is safe: every stored property is read and written only while `lock` is held,
/// and the continuation is resumed after it is released.
final class ListenerMailbox<Element: Sendable>: @unchecked Sendable {
    /// How many unread values a listener keeps.
    enum Limit {
        /// All of them.
        case unbounded
        /// The newest `n` (older ones are dropped first).
        case newest(Int)
    }

    private let lock = NSLock()
    private let limit: Limit
    /// The unread values are `buffer[head...]`.
    private var buffer: [Element] = []
    private var head = 0
    private var waiter: UnsafeContinuation<Element?, Never>?
    /// No more values: the unread ones are still read, then the stream ends.
    private var finished = false

    init(limit: Limit) {
        self.limit = limit
    }

    private var unread: Int { buffer.count - head }

    /// Whether the listener is waiting for a value.
    var isWaiting: Bool {
        lock.lock()
        defer { lock.unlock() }
        return waiter != nil
    }

    /// Hands `value` to the waiting listener, or keeps it (as ``Limit`` says); dropped once finished.
    func put(_ value: Element) {
        lock.lock()
        guard !finished else {
            lock.unlock()
            return
        }
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: value)
            return
        }
        switch limit {
        case .unbounded:
            buffer.append(value)
        case .newest(let count):
            guard count > 0 else { break }
            buffer.append(value)
            if unread > count { head += 1 }
        }
        compact()
        lock.unlock()
    }

    /// Drops the values already read once they are at least half the buffer (amortized O(1) per value).
    private func compact() {
        if head >= 32, head * 2 >= buffer.count {
            buffer.removeFirst(head)
            head = 0
        }
    }

    /// The next value; nil once finished and every value kept was read.
    func next() async -> Element? {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Element?, Never>) in
            lock.lock()
            if head < buffer.count {
                let value = buffer[head]
                head += 1
                compact()
                lock.unlock()
                continuation.resume(returning: value)
            } else if finished || waiter != nil {
                // (A second task reading the same stream at once ends there: one reader per stream.)
                lock.unlock()
                continuation.resume(returning: nil)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }

    /// Ends the stream after the values kept (a waiting listener gets nil now).
    func finish() {
        lock.lock()
        finished = true
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: nil)
    }

    /// The listener stopped (its task was cancelled): drops what is kept and ends the stream at once.
    func cancel() {
        lock.lock()
        finished = true
        buffer = []
        head = 0
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: nil)
    }
}

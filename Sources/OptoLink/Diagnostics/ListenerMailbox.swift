import Foundation
internal import OptoLinkClientCore

/// One listener's queue of a ``Broadcaster``: the values sent to it and not read yet, and the listener
/// waiting for the next one. Its stream is an `AsyncStream(unfolding:)` over ``next()``.
///
/// A send hands the value straight to a waiting listener (one continuation resumed), without going
/// through `AsyncStream`'s own buffer: a direct open delivers its link from the transport's callback,
/// and `AsyncStream.Continuation.yield` cost it ~10 µs there against ~4 µs for resuming a continuation.
///
/// Continuations are resumed after the lock is released.
final class ListenerMailbox<Element: Sendable>: Sendable {
    /// How many unread values a listener keeps.
    enum Limit {
        /// All of them.
        case unbounded
        /// The newest `n` (older ones are dropped first).
        case newest(Int)
    }

    /// The values kept and the listener waiting.
    private struct State {
        /// The unread values are `buffer[head...]`.
        var buffer: [Element] = []
        var head = 0
        var waiter: UnsafeContinuation<Element?, Never>?
        /// No more values: the unread ones are still read, then the stream ends.
        var finished = false

        var unread: Int { buffer.count - head }

        /// Drops the values already read once they are at least half the buffer (amortized O(1) per value).
        mutating func compact() {
            if head >= 32, head * 2 >= buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
        }

        /// Ends the stream (dropping what is kept when `dropping`); the waiter to resume with nil.
        mutating func finish(dropping: Bool) -> UnsafeContinuation<Element?, Never>? {
            finished = true
            if dropping {
                buffer = []
                head = 0
            }
            defer { waiter = nil }
            return waiter
        }
    }

    private let limit: Limit
    private let state = LockedValue(State())

    init(limit: Limit) {
        self.limit = limit
    }

    /// Whether the listener is waiting for a value.
    var isWaiting: Bool { state.withLock { $0.waiter != nil } }

    /// Hands `value` to the waiting listener, or keeps it (as ``Limit`` says); dropped once finished.
    func put(_ value: Element) {
        let waiting = state.withLock { state -> UnsafeContinuation<Element?, Never>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            switch limit {
            case .unbounded:
                state.buffer.append(value)
            case .newest(let count):
                guard count > 0 else { break }
                state.buffer.append(value)
                if state.unread > count { state.head += 1 }
            }
            state.compact()
            return nil
        }
        waiting?.resume(returning: value)
    }

    /// The next value; nil once finished and every value kept was read.
    func next() async -> Element? {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Element?, Never>) in
            // What to resume the caller with now; nil when it waits for a put.
            let now = state.withLock { state -> Element?? in
                if state.head < state.buffer.count {
                    let value = state.buffer[state.head]
                    state.head += 1
                    state.compact()
                    return .some(value)
                } else if state.finished || state.waiter != nil {
                    // (A second task reading the same stream at once ends there: one reader per stream.)
                    return .some(nil)
                } else {
                    state.waiter = continuation
                    return nil
                }
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// Ends the stream after the values kept (a waiting listener gets nil now).
    func finish() {
        state.withLock { $0.finish(dropping: false) }?.resume(returning: nil)
    }

    /// The listener stopped (its task was cancelled): drops what is kept and ends the stream at once.
    func cancel() {
        state.withLock { $0.finish(dropping: true) }?.resume(returning: nil)
    }
}

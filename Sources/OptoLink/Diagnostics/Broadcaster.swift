import Foundation

/// Fans values out to every current listener's `AsyncStream`; values sent while nobody listens are kept
/// (up to `pendingLimit`, newest kept) and handed to the next listener that arrives, once.
///
/// `@unchecked Sendable` is safe: every stored property is read and written only while `lock` is held,
/// and continuations are `Sendable`. A lock (not an actor) is needed because ``stream()`` and ``send(_:)``
/// are synchronous (a property getter and a call from non-async code).
final class Broadcaster<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextID = 0
    private var pending: [Element] = []
    private var finished = false
    private let pendingLimit: Int
    private let policy: AsyncStream<Element>.Continuation.BufferingPolicy

    /// - Parameters:
    ///   - pendingLimit: how many values to keep while nobody listens (the oldest go first).
    ///   - policy: each listener's own buffer.
    init(pendingLimit: Int, policy: AsyncStream<Element>.Continuation.BufferingPolicy) {
        self.pendingLimit = pendingLimit
        self.policy = policy
    }

    /// A new listener: receives the values kept while nobody listened, then every new value.
    func stream() -> AsyncStream<Element> {
        var captured: AsyncStream<Element>.Continuation?
        let stream = AsyncStream<Element>(bufferingPolicy: policy) { captured = $0 }
        guard let continuation = captured else { return stream }
        lock.lock()
        if finished {
            lock.unlock()
            continuation.finish()
            return stream
        }
        let id = nextID
        nextID += 1
        listeners[id] = continuation
        let backlog = pending.suffix(pendingLimit)
        pending.removeAll()
        // Yield the backlog while holding the lock so a concurrent send cannot overtake it.
        for value in backlog { continuation.yield(value) }
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Sends `value` to every listener, or keeps it when there is none.
    func send(_ value: Element) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        if listeners.isEmpty {
            // Up to twice the limit is kept and trimmed back to the limit in one go, so a value sent while
            // nobody listens costs O(1) amortized (trimming by one each time moved the whole buffer on
            // every send). Listeners get the newest `pendingLimit`.
            pending.append(value)
            if pending.count > 2 * pendingLimit { pending.removeFirst(pending.count - pendingLimit) }
        } else {
            for continuation in listeners.values { continuation.yield(value) }
        }
    }

    /// Ends every stream; later listeners get an already finished stream.
    func finish() {
        lock.lock()
        finished = true
        let all = Array(listeners.values)
        listeners.removeAll()
        pending.removeAll()
        lock.unlock()
        for continuation in all { continuation.finish() }
    }

    private func remove(_ id: Int) {
        lock.lock()
        listeners[id] = nil
        lock.unlock()
    }
}

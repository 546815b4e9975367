import Foundation

/// Fans values out to every current listener's `AsyncStream` (each listener reads its own
/// ``ListenerMailbox``); values sent while nobody listens are kept (up to `pendingLimit`, newest kept)
/// and handed to the next listener that arrives, once.
///
/// `@unchecked Sendable` is safe: every stored property is read and written only while `lock` is held,
/// and mailboxes are `Sendable`. A lock (not an actor) is needed because ``stream()`` and ``send(_:)``
/// are synchronous (a property getter and a call from non-async code).
final class Broadcaster<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [Int: ListenerMailbox<Element>] = [:]
    private var nextID = 0
    private var pending: [Element] = []
    private var finished = false
    private var taps: [Int: Tap] = [:]
    private let pendingLimit: Int
    private let limit: ListenerMailbox<Element>.Limit

    /// - Parameters:
    ///   - pendingLimit: how many values to keep while nobody listens (the oldest go first).
    ///   - limit: each listener's own buffer.
    init(pendingLimit: Int, limit: ListenerMailbox<Element>.Limit) {
        self.pendingLimit = pendingLimit
        self.limit = limit
    }

    /// A new listener: receives the values kept while nobody listened, then every new value.
    func stream() -> AsyncStream<Element> {
        let mailbox = ListenerMailbox<Element>(limit: limit)
        lock.lock()
        guard !finished else {
            lock.unlock()
            mailbox.finish()
            return AsyncStream(unfolding: { await mailbox.next() })
        }
        let id = nextID
        nextID += 1
        listeners[id] = mailbox
        let backlog = pending.suffix(pendingLimit)
        pending.removeAll()
        // Handed over while holding the lock so a concurrent send cannot overtake it.
        for value in backlog { mailbox.put(value) }
        lock.unlock()
        // The listener leaves when its task is cancelled or its stream is dropped.
        let departure = OnceAction(runsWhenReleased: true) { [weak self] in self?.remove(id) }
        return AsyncStream(
            unfolding: { [departure] in
                withExtendedLifetime(departure) {}
                return await mailbox.next()
            },
            onCancel: {
                mailbox.cancel()
                departure.run()
            })
    }

    /// How many listeners are waiting for a value right now.
    var waitingListenerCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return listeners.values.filter(\.isWaiting).count
    }

    /// An observer that sees every value without being a listener (see ``addTap(_:onFinish:)``).
    private struct Tap {
        let value: @Sendable (Element) -> Void
        let finish: @Sendable () -> Void
    }

    /// Adds an observer that sees every value sent from now on, in order, **without being a listener**:
    /// values sent while nobody listens are still kept for the first listener, and the listeners get
    /// exactly what they would get without it. `value` runs inside the hub's lock (that is what keeps the
    /// order): it must only hand the value on, never block or call back into the hub.
    ///
    /// - Returns: the tap's id (for ``removeTap(_:)``) and a copy of the values kept for the first listener
    ///   right now (they stay kept), so the observer can start from them without a gap or a repeat.
    func addTap(_ value: @escaping @Sendable (Element) -> Void, onFinish finish: @escaping @Sendable () -> Void = {})
        -> (id: Int, backlog: [Element])
    {
        lock.lock()
        defer { lock.unlock() }
        let id = nextID
        nextID += 1
        if finished {
            finish()
            return (id, [])
        }
        taps[id] = Tap(value: value, finish: finish)
        return (id, Array(pending.suffix(pendingLimit)))
    }

    /// Removes a tap (nothing happens for an unknown id).
    func removeTap(_ id: Int) {
        lock.lock()
        taps[id] = nil
        lock.unlock()
    }

    /// Sends `value` to every listener, or keeps it when there is none, and shows it to every tap.
    func send(_ value: Element) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        for tap in taps.values { tap.value(value) }
        if listeners.isEmpty {
            // Up to twice the limit is kept and trimmed back to the limit in one go, so a value sent while
            // nobody listens costs O(1) amortized (trimming by one each time moved the whole buffer on
            // every send). Listeners get the newest `pendingLimit`.
            pending.append(value)
            if pending.count > 2 * pendingLimit { pending.removeFirst(pending.count - pendingLimit) }
        } else {
            for mailbox in listeners.values { mailbox.put(value) }
        }
    }

    /// Ends every stream; later listeners get an already finished stream.
    func finish() {
        lock.lock()
        finished = true
        let all = Array(listeners.values)
        let finishedTaps = Array(taps.values)
        listeners.removeAll()
        taps.removeAll()
        pending.removeAll()
        lock.unlock()
        for mailbox in all { mailbox.finish() }
        for tap in finishedTaps { tap.finish() }
    }

    private func remove(_ id: Int) {
        lock.lock()
        listeners[id] = nil
        lock.unlock()
    }
}

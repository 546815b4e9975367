import Foundation

/// The persistent, bounded, offline-tolerant queue behind ``OptoLink/trackEvent(_:properties:)``.
///
/// - **Validated locally**: the name must be 1–100 characters (UTF-16 code units, as the backend
///   counts); the properties, serialized as JSON, at most 10 240 bytes. Anything else is refused
///   (logged as an error), never truncated.
/// - **Persisted before sending**, as a JSON array under ``storeKey`` in the ``KeyValueStore``, after
///   every change; a new SDK instance on the same store (the next process) picks the events up.
/// - **Sent in order** (FIFO), one at a time; each send uses the API's own retries first.
/// - **Kept** on network errors, timeouts, 5xx and 429; **dropped** only on any other 4xx (logged, and
///   an `eventDropped` diagnostic).
/// - **Bounded**: at most ``OptoLinkConfiguration/eventQueueCapacity`` (default 100) events; when full,
///   the oldest is dropped with a warning.
/// - **Flushed** after every `trackEvent`, at start, and on ``OptoLink/flushEvents()``. After a kept
///   failure the queue waits on the SDK clock and flushes again: the 429's `retryAfterSeconds` when
///   given, else `backoffBase × 2^(n−1)` capped at `maxBackoff` for the n-th failure in a row. While such
///   a wait is pending, new events wait with it; `flushEvents()` skips the wait.
/// - **At-least-once**: the contract has no event id, so an event whose answer was lost is sent again.
actor EventQueue {
    /// The store key of the persisted queue.
    static let storeKey = "optolink_event_queue"
    /// The longest allowed event name, in UTF-16 code units.
    static let maxNameLength = 100
    /// The largest allowed serialized properties object, in bytes.
    static let maxPropertiesBytes = 10_240

    /// Sends one event; throws an ``OptoLinkError`` (untyped here: typed-throws function types need
    /// newer Apple runtimes than iOS 13 when stored).
    typealias Sender = @Sendable (QueuedEvent) async throws -> Void

    private let store: any KeyValueStore
    private let capacity: Int
    private let clock: any OptoLinkClock
    private let backoff: RetryPolicy
    private let sender: Sender
    private let emit: @Sendable (Diagnostic.Kind) -> Void
    private let log: @Sendable (LogLevel, String) -> Void

    private var events: [QueuedEvent]
    private var flushTask: Task<Void, Never>?
    private var retryTask: Task<Void, Never>?
    private var failuresInARow = 0
    private var isShutDown = false

    init(
        store: any KeyValueStore, capacity: Int, clock: any OptoLinkClock, backoff: RetryPolicy, sender: @escaping Sender,
        emit: @escaping @Sendable (Diagnostic.Kind) -> Void, log: @escaping @Sendable (LogLevel, String) -> Void
    ) {
        self.store = store
        self.capacity = max(1, capacity)
        self.clock = clock
        self.backoff = backoff
        self.sender = sender
        self.emit = emit
        self.log = log
        var loaded: [QueuedEvent] = []
        if let data = store.data(forKey: Self.storeKey) {
            if let decoded = try? JSONDecoder().decode([QueuedEvent].self, from: data) {
                loaded = decoded
            } else {
                log(.warning, "The stored event queue could not be read and was discarded")
                store.removeValue(forKey: Self.storeKey)
            }
        }
        if loaded.count > self.capacity {
            for event in loaded.prefix(loaded.count - self.capacity) {
                log(.warning, "Event \(event.name) dropped: the queue holds at most \(self.capacity) events")
                emit(.eventDropped(name: event.name, reason: "queue full (capacity \(self.capacity))"))
            }
            loaded.removeFirst(loaded.count - self.capacity)
        }
        self.events = loaded
    }

    /// Checks an event against the backend's limits; returns the reason when it is refused.
    static func validate(name: String, properties: [String: JSONValue]?) -> String? {
        let length = name.utf16.count
        guard length >= 1, length <= maxNameLength else {
            return "event name must be 1–\(maxNameLength) characters, got \(length)"
        }
        if let properties {
            let data: Data
            do {
                data = try JSONBody.encode(properties)
            } catch {
                return "properties of \(name) cannot be written as JSON (non-finite number?)"
            }
            guard data.count <= maxPropertiesBytes else {
                return "properties of \(name) are \(data.count) bytes serialized; at most \(maxPropertiesBytes) are accepted (never truncated)"
            }
        }
        return nil
    }

    /// Validates, stores and persists an event, then starts a flush. Returns false when refused.
    func enqueue(name: String, properties: [String: JSONValue]?) -> Bool {
        guard !isShutDown else { return false }
        if let reason = Self.validate(name: name, properties: properties) {
            log(.error, "trackEvent refused: \(reason)")
            return false
        }
        events.append(QueuedEvent(id: UUID().uuidString, name: name, properties: properties))
        while events.count > capacity {
            let dropped = events.removeFirst()
            log(.warning, "Event \(dropped.name) dropped: the queue holds at most \(capacity) events")
            emit(.eventDropped(name: dropped.name, reason: "queue full (capacity \(capacity))"))
        }
        persist()
        emit(.eventQueued(name: name, queued: events.count))
        if retryTask == nil { startFlush() }
        return true
    }

    /// The number of events waiting.
    var count: Int { events.count }

    /// Starts a flush in the background (at start-up) unless a retry wait is pending.
    func kick() {
        if retryTask == nil { startFlush() }
    }

    /// Sends what can be sent now, skipping any pending retry wait; returns when this flush is over.
    func flushNow() async {
        retryTask?.cancel()
        retryTask = nil
        await startFlush()?.value
    }

    /// Stops sending and waiting; the events stay persisted for the next instance.
    func shutdown() {
        isShutDown = true
        flushTask?.cancel()
        retryTask?.cancel()
        flushTask = nil
        retryTask = nil
    }

    @discardableResult
    private func startFlush() -> Task<Void, Never>? {
        guard !isShutDown else { return nil }
        if let flushTask { return flushTask }
        guard !events.isEmpty else { return nil }
        let task = Task { await self.drain() }
        flushTask = task
        return task
    }

    private func drain() async {
        while !isShutDown, !Task.isCancelled, let event = events.first {
            do {
                try await sender(event)
                remove(event)
                failuresInARow = 0
                emit(.eventSent(name: event.name, queued: events.count))
            } catch {
                let error = (error as? OptoLinkError) ?? .transport(error)
                if error == .cancelled || isShutDown { break }
                if error == .httpStatus, (400...499).contains(error.status), error.status != 429 {
                    remove(event)
                    log(.error, "Event \(event.name) dropped: the backend refused it (\(error))")
                    emit(.eventDropped(name: event.name, reason: "HTTP \(error.status): \(error.message)"))
                    continue
                }
                failuresInARow += 1
                let delay: TimeInterval
                if error.status == 429, let seconds = error.retryAfterSeconds {
                    delay = TimeInterval(min(max(seconds, 1), 3600))
                } else {
                    delay = backoff.delay(forRetry: failuresInARow)
                }
                log(.warning, "Event \(event.name) kept (\(events.count) queued); next try in \(delay) s: \(error)")
                scheduleRetry(after: delay)
                break
            }
        }
        flushTask = nil
    }

    private func scheduleRetry(after delay: TimeInterval) {
        guard !isShutDown, retryTask == nil else { return }
        let clock = self.clock
        retryTask = Task {
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            self.retryTimerFired()
        }
    }

    private func retryTimerFired() {
        retryTask = nil
        startFlush()
    }

    private func remove(_ event: QueuedEvent) {
        events.removeAll { $0.id == event.id }
        persist()
    }

    private func persist() {
        if events.isEmpty {
            store.removeValue(forKey: Self.storeKey)
        } else if let data = try? JSONBody.encode(events) {
            store.set(data, forKey: Self.storeKey)
        }
    }
}

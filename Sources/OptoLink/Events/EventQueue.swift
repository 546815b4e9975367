import Foundation

/// The persistent, bounded, offline-tolerant queue behind ``OptoLink/trackEvent(_:properties:)``.
///
/// - **Validated locally**: the name must be 1–100 characters (UTF-16 code units, as the backend
///   counts); the properties, serialized as JSON, at most 10 240 bytes and nested at most 64 levels (so
///   every stored event reads back with the depth-capped parser). Anything else is refused (logged as an
///   error), never truncated.
/// - **Persisted before sending**, appended to an ``EventStore`` (a file under Application Support in
///   production) before ``enqueue(name:properties:)`` returns; a new SDK instance on the same store (the
///   next process) picks the events up. The store is first read in the background, by the first call on
///   this actor, never by `OptoLink.start`. A queue an older SDK version kept as a JSON array under
///   ``storeKey`` in the ``KeyValueStore`` is moved into the event store by that first read.
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
    /// The key-value store key where SDK versions before the event store kept the queue (migrated once).
    static let storeKey = "optolink_event_queue"
    /// The longest allowed event name, in UTF-16 code units.
    static let maxNameLength = 100
    /// The largest allowed serialized properties object, in bytes.
    static let maxPropertiesBytes = 10_240
    /// The deepest allowed nesting of the properties object (the object itself is level 1).
    static let maxPropertiesDepth = 64

    /// Sends one event; throws an ``OptoLinkError`` (untyped here: typed-throws function types need
    /// newer Apple runtimes than iOS 13 when stored).
    typealias Sender = @Sendable (QueuedEvent) async throws -> Void

    private let store: any KeyValueStore
    private let eventStore: any EventStore
    private let capacity: Int
    private let clock: any OptoLinkClock
    private let backoff: RetryPolicy
    private let sender: Sender
    private let emit: @Sendable (Diagnostic.Kind) -> Void
    private let log: @Sendable (LogLevel, String) -> Void

    private var events: [QueuedEvent] = []
    private var loaded = false
    private var flushTask: Task<Void, Never>?
    private var retryTask: Task<Void, Never>?
    private var failuresInARow = 0
    private var isShutDown = false

    /// Creates the queue; reads nothing (see ``loadIfNeeded()``).
    init(
        store: any KeyValueStore, eventStore: any EventStore, capacity: Int, clock: any OptoLinkClock, backoff: RetryPolicy,
        sender: @escaping Sender, emit: @escaping @Sendable (Diagnostic.Kind) -> Void, log: @escaping @Sendable (LogLevel, String) -> Void
    ) {
        self.store = store
        self.eventStore = eventStore
        self.capacity = max(1, capacity)
        self.clock = clock
        self.backoff = backoff
        self.sender = sender
        self.emit = emit
        self.log = log
    }

    /// Reads the stored events the first time the queue is used: the event store, then a queue left
    /// under ``storeKey`` by an older SDK version (appended after them, unless already there, then the
    /// key is removed), then trims to the capacity.
    private func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        var loaded = eventStore.load()
        if let data = store.data(forKey: Self.storeKey) {
            if let legacy = JSONValueParser.parse(data)?.arrayValue {
                let known = Set(loaded.map(\.id))
                for event in legacy.compactMap({ $0.objectValue.flatMap(EventLogRecord.event) }) where !known.contains(event.id) {
                    eventStore.append(event)
                    loaded.append(event)
                }
            } else {
                log(.warning, "The stored event queue could not be read and was discarded")
            }
            store.removeValue(forKey: Self.storeKey)
        }
        if loaded.count > capacity {
            let dropped = loaded.prefix(loaded.count - capacity)
            for event in dropped {
                log(.warning, "Event \(event.name) dropped: the queue holds at most \(capacity) events")
                emit(.eventDropped(name: event.name, reason: "queue full (capacity \(capacity))"))
            }
            eventStore.remove(dropped.map(\.id))
            loaded.removeFirst(dropped.count)
        }
        events = loaded
    }

    /// Checks an event against the backend's limits; returns the reason when it is refused.
    static func validate(name: String, properties: [String: JSONValue]?) -> String? {
        let length = name.utf16.count
        guard length >= 1, length <= maxNameLength else {
            return "event name must be 1–\(maxNameLength) characters, got \(length)"
        }
        if let properties {
            if JSONValue.object(properties).isNested(deeperThan: maxPropertiesDepth) {
                return "properties of \(name) are nested more than \(maxPropertiesDepth) levels deep (never truncated)"
            }
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
        loadIfNeeded()
        if let reason = Self.validate(name: name, properties: properties) {
            log(.error, "trackEvent refused: \(reason)")
            return false
        }
        let event = QueuedEvent(id: UUID().uuidString, name: name, properties: properties)
        eventStore.append(event)
        events.append(event)
        if events.count > capacity {
            let dropped = events.prefix(events.count - capacity)
            for event in dropped {
                log(.warning, "Event \(event.name) dropped: the queue holds at most \(capacity) events")
                emit(.eventDropped(name: event.name, reason: "queue full (capacity \(capacity))"))
            }
            eventStore.remove(dropped.map(\.id))
            events.removeFirst(dropped.count)
        }
        emit(.eventQueued(name: name, queued: events.count))
        if retryTask == nil { startFlush() }
        return true
    }

    /// The number of events waiting.
    var count: Int {
        loadIfNeeded()
        return events.count
    }

    /// Reads the stored events and starts a flush in the background (at start-up) unless a retry wait is pending.
    func kick() {
        guard !isShutDown else { return }
        loadIfNeeded()
        if retryTask == nil { startFlush() }
    }

    /// Sends what can be sent now, skipping any pending retry wait; returns when this flush is over.
    func flushNow() async {
        loadIfNeeded()
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
        // The in-memory copy goes now, in the caller's `shutdown()`, not later on whichever thread drops the
        // last reference (a relaunch right after would run beside that work: optolink-bench, row 1b).
        // A later read counts from the store again.
        events = []
        loaded = false
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
        if events.isEmpty {
            eventStore.removeAll()
        } else {
            eventStore.remove([event.id])
        }
    }
}

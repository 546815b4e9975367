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
/// - **Sent in order** (FIFO), by one worker task, in batches of the provider's size (OptoLink one event
///   per request, QubeRoute up to ``QubeRouteProvider/batchSize``); each send uses the request's own retries
///   first (5xx and no answer, 1 s / 2 s …). A batch's answer is every event's in it.
/// - **Answers**:
///   - any 2xx: delivered (the body is not read);
///   - 401 or 403 (a rotated key, a tier or org problem): the queue **pauses**, with one warning; every
///     event is kept, and sending resumes on ``flushNow()`` or the next launch;
///   - 408, 425, 429, 5xx (and other non-4xx statuses) and no answer at all: **kept and retried**
///     after `max(backoff, Retry-After)` capped at `maxBackoff`, where the backoff is
///     `backoffBase × 2^(n−1)` for the n-th failure in a row and `Retry-After` is the answer's (seconds
///     or an HTTP-date; a 429's "Retry after N second(s)" message too);
///   - any other 4xx: **dropped** (logged as an error, and an `eventDropped` diagnostic). A refused batch
///     of several events is first sent again in halves, at once, until the event the backend refuses goes
///     alone: only that one is dropped, the others are delivered.
/// - **Poison events**: an event that got ``maxFailures`` (20) retryable answers from the backend (408,
///   425, 500 and the other 5xx; neither a 429, which is about the rate, nor a 502, 503 or 504, which say
///   the backend or its gateway is unavailable, nor no answer at all, which is the network) is dropped
///   with an error and an `eventDropped` diagnostic saying how many times it failed, so one event the
///   backend cannot take never blocks the ones behind it. A failing batch of several events is not
///   charged to any of them: the next try sends half of it, so only an event that fails alone is counted.
///   The count is kept in the store, across launches. However long an outage answers 503, nothing is
///   dropped.
/// - **Bounded**: at most ``OptoLinkConfiguration/Events/queueCapacity`` (default 100) events; when full,
///   the oldest is dropped with a warning.
/// - **Flushed** after every `trackEvent`, when the launch has settled, and on
///   ``OptoLink/flushEvents()``. While a retry wait is pending, new events wait with it; `flushEvents()`
///   ends the wait at once. Only the worker waits, and a timer that fires after its wait was ended early
///   is ignored (no second flush, no skipped wait).
/// - **At-least-once**: OptoLink's contract has no event id, so an event whose answer was lost is sent
///   again; QubeRoute's `eventId` (the event's ``QueuedEvent/id``, made here) lets its backend refuse the
///   resend instead of counting it twice.
/// - **Value**: `valueMinor` and `currency` only where the provider takes them (its rule is checked here,
///   before the event is stored: QubeRoute refuses a value without an ISO 4217 currency).
/// - **Disabled** (``OptoLink/setEnabled(_:)``): nothing is sent; the events already queued stay
///   (they were tracked while enabled) and go once the SDK is enabled again; ``removeAll()`` forgets them
///   (``OptoLink/resetDevice()``). The facade refuses new events while disabled.
actor EventQueue {
    /// The key-value store key where SDK versions before the event store kept the queue (migrated once).
    static let storeKey = "optolink_event_queue"
    /// The longest allowed event name, in UTF-16 code units.
    static let maxNameLength = 100
    /// The largest allowed serialized properties object, in bytes.
    static let maxPropertiesBytes = 10_240
    /// The deepest allowed nesting of the properties object (the object itself is level 1).
    static let maxPropertiesDepth = 64
    /// Failed sends after which an event is dropped (see the type's documentation).
    static let maxFailures = 20

    /// Sends a batch of events (oldest first) in one request; throws an ``OptoLinkError`` (untyped here:
    /// typed-throws function types need newer Apple runtimes than iOS 13 when stored).
    typealias Sender = @Sendable ([QueuedEvent]) async throws -> Void
    /// Why an event's value would be refused, or nil (the provider's rule, checked at `trackEvent`).
    typealias ValueCheck = @Sendable (_ valueMinor: Int?, _ currency: String?) -> String?

    private let store: any KeyValueStore
    private let eventStore: any EventStore
    private let capacity: Int
    private let clock: any OptoLinkClock
    private let backoff: RetryPolicy
    private let sender: Sender
    private let batchSize: Int
    private let valueCheck: ValueCheck
    private let wallClock: @Sendable () -> Date
    private let emit: @Sendable (Diagnostic.Kind) -> Void
    private let log: @Sendable (LogLevel, String) -> Void
    private let isEnabled: @Sendable () -> Bool

    private var events: [QueuedEvent] = []
    private var loaded = false
    /// The one task that sends (and waits between sends), while there is something to send.
    private var worker: Task<Void, Never>?
    /// The worker, while it waits between passes.
    private var waiting: CheckedContinuation<Void, Never>?
    /// Bumped whenever a wait starts or is ended early: a timer for an older wait is ignored.
    private var waitGeneration = 0
    /// ``flushNow()`` callers waiting for the end of the worker's current pass.
    private var passWaiters: [CheckedContinuation<Void, Never>] = []
    private var failuresInARow = 0
    /// The batch size while a refused or failing batch is split to find the event at fault (nil: the
    /// provider's ``batchSize``); back to nil after a batch goes through.
    private var splitSize: Int?
    /// A 401/403 paused sending until ``flushNow()`` or the next launch.
    private var paused = false
    private var isShutDown = false

    /// Creates the queue; reads nothing (see ``loadIfNeeded()``).
    init(
        store: any KeyValueStore, eventStore: any EventStore, capacity: Int, clock: any OptoLinkClock,
        backoff: RetryPolicy,
        sender: @escaping Sender, batchSize: Int = 1, valueCheck: @escaping ValueCheck = { _, _ in nil },
        wallClock: @escaping @Sendable () -> Date = { Date() },
        emit: @escaping @Sendable (Diagnostic.Kind) -> Void, log: @escaping @Sendable (LogLevel, String) -> Void,
        isEnabled: @escaping @Sendable () -> Bool = { true }
    ) {
        self.store = store
        self.eventStore = eventStore
        self.capacity = max(1, capacity)
        self.clock = clock
        self.backoff = backoff
        self.sender = sender
        self.batchSize = max(1, batchSize)
        self.valueCheck = valueCheck
        self.wallClock = wallClock
        self.emit = emit
        self.log = log
        self.isEnabled = isEnabled
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
                for event in legacy.compactMap({ $0.objectValue.flatMap(EventLogRecord.event) })
                where !known.contains(event.id) {
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

    /// Validates, stores and persists an event, then starts a flush. Returns false when refused.
    /// The event's id and timestamp are made here and never change (QubeRoute's `eventId` and
    /// `clientTimestamp`).
    func enqueue(name: String, properties: [String: JSONValue]?, valueMinor: Int? = nil, currency: String? = nil)
        -> Bool
    {
        guard !isShutDown else { return false }
        loadIfNeeded()
        if let reason = Self.validate(name: name, properties: properties) ?? valueCheck(valueMinor, currency) {
            log(.error, "trackEvent refused: \(reason)")
            return false
        }
        let event = QueuedEvent(
            id: UUID().uuidString, name: name, properties: properties, valueMinor: valueMinor, currency: currency,
            timestamp: Self.timestamp(wallClock()))
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
        if !paused { startWorker() }
        return true
    }

    /// The number of events waiting.
    var count: Int {
        loadIfNeeded()
        return events.count
    }

    /// Reads the stored events and starts sending them (when the launch has settled).
    func kick() {
        guard !isShutDown else { return }
        loadIfNeeded()
        if !paused { startWorker() }
    }

    /// Sends what can be sent now: resumes a paused queue, ends a pending retry wait, and returns when
    /// the worker's current pass is over (at once when there is nothing to send).
    func flushNow() async {
        guard !isShutDown, isEnabled() else { return }
        loadIfNeeded()
        paused = false
        if worker == nil {
            startWorker()
        } else {
            endWait()
        }
        guard worker != nil else { return }
        await withCheckedContinuation { passWaiters.append($0) }
    }

    /// The SDK was enabled or disabled: sending starts again when enabled (a disabled queue stops at its
    /// next event by itself).
    func privacyChanged() {
        guard !isShutDown, isEnabled(), !paused else { return }
        loadIfNeeded()
        startWorker()
    }

    /// Forgets every queued event, in memory and in the store (``OptoLink/resetDevice()``). A send already
    /// on the wire finishes; nothing after it is sent.
    func removeAll() {
        guard !isShutDown else { return }
        loaded = true
        events = []
        eventStore.removeAll()
        failuresInARow = 0
        store.removeValue(forKey: Self.storeKey)
        endWait()
    }

    /// Stops sending and waiting; the events stay persisted for the next instance.
    func shutdown() {
        isShutDown = true
        worker?.cancel()
        worker = nil
        endWait()
        endPass()
        // The in-memory copy goes now, in the caller's `shutdown()`, not later on whichever thread drops the
        // last reference (a relaunch right after would run beside that work).
        // A later read counts from the store again.
        events = []
        loaded = false
    }

    // MARK: The worker

    /// How a pass over the queue ended.
    private enum PassEnd {
        case empty
        case paused
        case retry(after: TimeInterval)
        case stopped
    }

    private func startWorker() {
        guard worker == nil, !isShutDown, !events.isEmpty, isEnabled() else { return }
        worker = Task { await self.run() }
    }

    /// Passes over the queue, waiting between them after a kept failure, until it is empty, paused or
    /// shut down. The only task that sends or waits.
    private func run() async {
        while !isShutDown {
            let end = await sendPass()
            endPass()
            guard case .retry(let delay) = end, !isShutDown else { break }
            await wait(delay)
        }
        if !isShutDown { worker = nil }
    }

    /// Sends batches from the head of the queue until it is empty or one is kept.
    private func sendPass() async -> PassEnd {
        while !events.isEmpty {
            if isShutDown || Task.isCancelled || !isEnabled() { return .stopped }
            let batch = Array(events.prefix(splitSize ?? batchSize))
            // The batch's verdict is its first event's (its name in the log; every event in it shares it).
            let event = batch[0]
            do {
                try await sender(batch)
                for sent in batch {
                    remove(sent)
                    emit(.eventSent(name: sent.name, queued: events.count))
                }
                failuresInARow = 0
                splitSize = nil
            } catch {
                let error = (error as? OptoLinkError) ?? .transport(error)
                if error == .cancelled || isShutDown { return .stopped }
                switch Self.verdict(error) {
                case .pause:
                    if !paused {
                        log(
                            .warning,
                            "Events paused: the backend refused the key (\(error)); \(events.count) kept, sent again "
                                + "on flushEvents() or the next launch")
                    }
                    paused = true
                    return .paused
                case .drop where batch.count > 1:
                    // One event of the batch may be all the backend refuses: the batch is sent again in
                    // halves, at once, until the refused one goes alone and is dropped alone.
                    let half = max(1, batch.count / 2)
                    splitSize = half
                    log(
                        .warning,
                        "A batch of \(batch.count) events was refused (\(error)); sending it again "
                            + "\(half) at a time to find the event it refuses")
                case .drop:
                    for dropped in batch {
                        remove(dropped)
                        log(.error, "Event \(dropped.name) dropped: the backend refused it (\(error))")
                        emit(.eventDropped(name: dropped.name, reason: "HTTP \(error.status): \(error.message)"))
                    }
                case .retry(let counts):
                    failuresInARow += 1
                    if counts, batch.count > 1 {
                        // Not charged to any event (which one failed it?): the next try sends half of it, so
                        // an event the backend cannot take ends up alone, and only it is counted.
                        splitSize = max(1, batch.count / 2)
                    } else if counts {
                        var poisoned = false
                        for failed in batch where countFailure(of: failed) >= Self.maxFailures {
                            poisoned = true
                            remove(failed)
                            log(
                                .error,
                                "Event \(failed.name) dropped after \(Self.maxFailures) failed sends (last: \(error))")
                            emit(
                                .eventDropped(
                                    name: failed.name,
                                    reason:
                                        "gave up after \(Self.maxFailures) failed sends (last: HTTP \(error.status))"))
                        }
                        if poisoned { continue }
                    }
                    let delay = backoff.delay(
                        forRetry: failuresInARow, retryAfter: error.retryAfterSeconds.map(TimeInterval.init))
                    log(.warning, "Event \(event.name) kept (\(events.count) queued); next try in \(delay) s: \(error)")
                    return .retry(after: delay)
                }
            }
        }
        return .empty
    }

    /// One more failure of `event` (in memory and in the store); the new count.
    private func countFailure(of event: QueuedEvent) -> Int {
        eventStore.recordFailure(of: event.id)
        guard let index = events.firstIndex(where: { $0.id == event.id }) else { return event.failures + 1 }
        events[index].failures += 1
        return events[index].failures
    }

    /// Waits `delay` on the clock, or until ``endWait()``.
    private func wait(_ delay: TimeInterval) async {
        waitGeneration += 1
        let generation = waitGeneration
        let clock = self.clock
        let timer = Task {
            try? await clock.sleep(for: delay)
            self.timerFired(generation)  // the task inherits the actor
        }
        await withCheckedContinuation { waiting = $0 }
        timer.cancel()
    }

    /// The timer of wait `generation` fired; ignored when that wait was already ended.
    private func timerFired(_ generation: Int) {
        guard generation == waitGeneration else { return }
        endWait()
    }

    /// Ends the worker's wait, if it waits; its timer becomes stale.
    private func endWait() {
        waitGeneration += 1
        guard let waiting else { return }
        self.waiting = nil
        waiting.resume()
    }

    /// Wakes the ``flushNow()`` callers waiting for the current pass.
    private func endPass() {
        let waiters = passWaiters
        passWaiters = []
        for waiter in waiters { waiter.resume() }
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

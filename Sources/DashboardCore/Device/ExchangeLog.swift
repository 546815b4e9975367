import Foundation

/// The calls a ``RecordingTransport`` saw that no diagnostic has claimed yet, and the rule that ties a
/// diagnostic's attempt to one of them.
///
/// The SDK emits `requestStarted` and then calls the transport, both in the request's own task, and emits
/// `responseReceived`/`requestFailed` only after the transport returned: so when the device's forwarder
/// reads the answer's diagnostic, the call it belongs to is already finished here. Requests run
/// concurrently (session, events, identity), so order alone is not enough; ``claim(_:)`` picks, among the
/// finished calls with the same outcome, the one whose path ends with the endpoint, whose start and end are
/// nearest the attempt's (both read from the SDK's clock), and, for a retry, whose method, URL and body are
/// those of the request's earlier attempt. Ties go to the oldest call.
///
/// Bounded: at most ``pendingLimit`` unclaimed calls are kept (the oldest go first).
///
/// `@unchecked Sendable` is safe: `pending` and `nextSequence` are only touched while `lock` is held.
package final class ExchangeLog: @unchecked Sendable {
    /// Unclaimed calls kept at most (a claim normally follows its call within milliseconds).
    package static let pendingLimit = 64

    /// What a diagnostic says about one attempt.
    package struct Attempt: Sendable, Hashable {
        /// The endpoint raw value (`match`, `identity/clear`…): a call's URL path ends with it.
        package var endpoint: String
        /// SDK clock time of its `requestStarted`.
        package var start: Double
        /// SDK clock time the answer or failure came (`start + duration`).
        package var end: Double
        /// The status, nil for a failure.
        package var status: Int?
        /// The identity (``TransportRecord/identity``) of the request's earlier attempt, nil for attempt 1.
        package var identity: String?

        /// Creates an attempt.
        package init(endpoint: String, start: Double, end: Double, status: Int?, identity: String? = nil) {
            self.endpoint = endpoint
            self.start = start
            self.end = end
            self.status = status
            self.identity = identity
        }
    }

    private let lock = NSLock()
    private var pending: [TransportRecord] = []
    private var nextSequence = 0

    /// Creates an empty log.
    package init() {}

    /// A new call's sequence number.
    func begin() -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextSequence += 1
        return nextSequence
    }

    /// Keeps a finished call until a diagnostic claims it.
    func finish(_ record: TransportRecord) {
        lock.lock()
        defer { lock.unlock() }
        pending.append(record)
        if pending.count > Self.pendingLimit { pending.removeFirst(pending.count - Self.pendingLimit) }
    }

    /// The unclaimed calls, oldest first (tests).
    package var unclaimed: [TransportRecord] {
        lock.lock()
        defer { lock.unlock() }
        return pending
    }

    /// Removes and returns the call `attempt` describes, nil when none fits.
    package func claim(_ attempt: Attempt) -> TransportRecord? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = Self.best(for: attempt, among: pending) else { return nil }
        return pending.remove(at: index)
    }

    /// The index of the call that fits `attempt` best (see the type's documentation), nil when none has its outcome.
    package static func best(for attempt: Attempt, among records: [TransportRecord]) -> Int? {
        var best: (index: Int, cost: Double)?
        for (index, record) in records.enumerated() where record.response?.status == attempt.status {
            var cost = abs(record.start - attempt.start) + abs(record.end - attempt.end)
            if !record.request.url.path.hasSuffix("/" + attempt.endpoint) { cost += 1_000_000 }
            if let identity = attempt.identity, identity != record.identity { cost += 1_000 }
            if best.map({ cost < $0.cost }) ?? true { best = (index, cost) }
        }
        return best?.index
    }
}

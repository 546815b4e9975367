/// One request of the retry timeline: its attempts, its backoff waits and its outcome.
package struct TimelineRow: Sendable, Hashable {
    /// The SDK's request id.
    package var requestID: Int
    /// The endpoint raw value (`match`, `data`, `session`, `identity`, `identity/clear`, `events`).
    package var endpoint: String
    /// How the run's service names it (``ServiceProfile/requestName(_:)``: `resolve` for QubeRoute's `data`).
    package var name: String
    /// The statuses besides 2xx its service documents as an ordinary answer
    /// (``ServiceProfile/documentedStatuses(_:)``).
    package var documented: Set<Int> = []
    /// The attempts, in order.
    package var attempts: [TimelineAttempt]
    /// The backoff waits, in order.
    package var waits: [BackoffWait]
    /// The final outcome.
    package var outcome: TimelineOutcome

    /// Creates a row.
    package init(
        requestID: Int, endpoint: String, name: String? = nil, attempts: [TimelineAttempt] = [],
        waits: [BackoffWait] = [], outcome: TimelineOutcome = .pending
    ) {
        self.requestID = requestID
        self.endpoint = endpoint
        self.name = name ?? endpoint
        self.attempts = attempts
        self.waits = waits
        self.outcome = outcome
    }

    /// Whether `status` is an ordinary answer to this request: a 2xx (a click: a 3xx too, where Safari hands
    /// over to the App Store or the app), or one its service documents (``documented``).
    package func isOrdinaryAnswer(_ status: Int) -> Bool {
        (200..<(isBrowserVisit ? 400 : 300)).contains(status) || documented.contains(status)
    }

    /// How the timeline and the inspector name the row: `#12 match`, or `click 3` for a browser click (whose
    /// ids are apart from the SDK's, see ``SimulatedBrowser/firstVisitID``).
    package var title: String {
        endpoint == SimulatedBrowser.endpoint && requestID >= SimulatedBrowser.firstVisitID
            ? "click \(requestID - SimulatedBrowser.firstVisitID + 1)" : "#\(requestID) \(name)"
    }

    /// Whether the row is a browser click (its attempts are hops, each with what the browser did after it).
    package var isBrowserVisit: Bool { endpoint == SimulatedBrowser.endpoint }

    /// The clock time the row starts (its first attempt), nil when it has none.
    package var start: Double? { attempts.first?.start }

    /// True while a backoff wait has time left at `now`.
    package func isWaiting(at now: Double) -> Bool {
        guard outcome == .pending, let wait = waits.last else { return false }
        return wait.remaining(at: now) > 0
    }
}

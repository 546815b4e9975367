import OptoLink

/// One request rebuilt from the diagnostics: its attempts, its retry waits and how it ended. Scenarios check
/// their expectations on these (what actually happened), never on hard-coded answers.
package struct RequestTrace: Sendable, Hashable {
    /// One attempt.
    package struct Attempt: Sendable, Hashable {
        /// 1-based.
        package var number: Int
        /// SDK clock time it started.
        package var start: Double
        /// HTTP status, nil when there was no answer.
        package var status: Int?
        /// Why there was no answer (timeout, connection failed…).
        package var error: String?
        /// How long it took, nil while running.
        package var duration: Double?

        /// Whether it ended on the SDK's timeout.
        package var timedOut: Bool { error?.lowercased().contains("timed out") == true }
    }

    /// A backoff wait the SDK scheduled.
    package struct Wait: Sendable, Hashable {
        /// The attempt that failed.
        package var afterAttempt: Int
        /// The scheduled delay in seconds.
        package var delay: Double
        /// SDK clock time it was scheduled.
        package var scheduledAt: Double
    }

    /// The launch (SDK instance) that sent it.
    package var launch: Int
    /// The SDK's request id (unique in its launch).
    package var requestID: Int
    /// The endpoint.
    package var endpoint: Endpoint
    /// The attempts in order.
    package var attempts: [Attempt] = []
    /// The waits in order.
    package var waits: [Wait] = []
    /// The give-up reason, when retries were exhausted.
    package var gaveUpReason: String?
    /// True once `requestFinished` arrived.
    package var isFinished = false
    /// The final status (nil: no HTTP answer, or not finished).
    package var finalStatus: Int?

    /// Whether it finished refused: a 4xx other than 429, final for the SDK (a wrong key, a refused body).
    package var isRefused: Bool { isFinished && finalStatus.map { (400..<500).contains($0) && $0 != 429 } == true }

    /// The statuses of the attempts (nil where there was no answer).
    package var statuses: [Int?] { attempts.map(\.status) }

    /// How long the SDK really waited after each scheduled wait: the next attempt's start minus the time
    /// the wait was scheduled (nil when no next attempt started).
    package var elapsedWaits: [Double?] {
        waits.map { wait in
            attempts.first { $0.number == wait.afterAttempt + 1 }.map { $0.start - wait.scheduledAt }
        }
    }

    /// Rebuilds every request of `records`, in the order they started.
    package static func build(from records: [RecordedDiagnostic]) -> [RequestTrace] {
        var traces: [RequestTrace] = []
        var index: [String: Int] = [:]
        func update(
            _ record: RecordedDiagnostic, _ id: Int, _ endpoint: Endpoint, _ change: (inout RequestTrace) -> Void
        ) {
            let key = "\(record.launch)/\(id)"
            if let i = index[key] {
                change(&traces[i])
            } else {
                var trace = RequestTrace(launch: record.launch, requestID: id, endpoint: endpoint)
                change(&trace)
                index[key] = traces.count
                traces.append(trace)
            }
        }
        for record in records {
            switch record.kind {
            case .requestStarted(let id, let endpoint, let attempt):
                update(record, id, endpoint) { $0.attempts.append(Attempt(number: attempt, start: record.time)) }
            case .responseReceived(let id, let endpoint, let attempt, let status, let duration):
                update(record, id, endpoint) { trace in
                    if let i = trace.attempts.lastIndex(where: { $0.number == attempt }) {
                        trace.attempts[i].status = status
                        trace.attempts[i].duration = duration
                    }
                }
            case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
                update(record, id, endpoint) { trace in
                    if let i = trace.attempts.lastIndex(where: { $0.number == attempt }) {
                        trace.attempts[i].error = reason
                        trace.attempts[i].duration = duration
                    }
                }
            case .retryScheduled(let id, let endpoint, let attempt, let delay):
                update(record, id, endpoint) {
                    $0.waits.append(Wait(afterAttempt: attempt, delay: delay, scheduledAt: record.time))
                }
            case .gaveUp(let id, let endpoint, _, let reason):
                update(record, id, endpoint) { $0.gaveUpReason = reason }
            case .requestFinished(let id, let endpoint, _, let status):
                update(record, id, endpoint) {
                    $0.isFinished = true
                    $0.finalStatus = status
                }
            default:
                break
            }
        }
        return traces
    }
}

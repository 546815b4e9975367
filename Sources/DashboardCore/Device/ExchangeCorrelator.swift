import OptoLink

/// Ties one SDK instance's diagnostics to the calls its transport recorded: follows each attempt from its
/// `requestStarted` (its start time) to its `responseReceived`/`requestFailed`, then claims the matching
/// call from the ``ExchangeLog`` (see there for the rule) and turns it into an ``HTTPExchange``.
struct ExchangeCorrelator {
    let log: ExchangeLog
    /// The launch's request-id offset (the dashboard's ids are the SDK's plus this).
    let idOffset: Int
    private var starts: [Int: [Int: Double]] = [:]
    private var identities: [Int: String] = [:]

    init(log: ExchangeLog, idOffset: Int) {
        self.log = log
        self.idOffset = idOffset
    }

    /// The exchange of an attempt's answer or failure; nil for every other diagnostic (and when no call fits).
    mutating func exchange(for diagnostic: Diagnostic) -> HTTPExchange? {
        switch diagnostic.kind {
        case .requestStarted(let id, _, let attempt):
            starts[id, default: [:]][attempt] = diagnostic.time
            return nil
        case .responseReceived(let id, let endpoint, let attempt, let status, let duration):
            return claim(id, endpoint, attempt, status: status, end: diagnostic.time, duration: duration, reason: nil)
        case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
            return claim(id, endpoint, attempt, status: nil, end: diagnostic.time, duration: duration, reason: reason)
        case .requestFinished(let id, _, _, _):
            starts[id] = nil
            identities[id] = nil
            return nil
        default:
            return nil
        }
    }

    private mutating func claim(
        _ id: Int, _ endpoint: Endpoint, _ attempt: Int, status: Int?, end: Double, duration: Double,
        reason: String?
    ) -> HTTPExchange? {
        let start = starts[id]?[attempt] ?? end - duration
        let wanted = ExchangeLog.Attempt(
            endpoint: endpoint.rawValue, start: start, end: start + duration, status: status,
            identity: attempt > 1 ? identities[id] : nil)
        guard let record = log.claim(wanted) else { return nil }
        if identities[id] == nil { identities[id] = record.identity }
        var exchange = record.exchange(requestID: id + idOffset, attempt: attempt, endpoint: endpoint.rawValue)
        if let reason { exchange.error = reason }
        return exchange
    }
}

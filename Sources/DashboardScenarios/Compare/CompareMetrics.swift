import DashboardCore

/// What one service's run of a compared scenario showed, folded from its device's diagnostics in order:
/// the requests' attempts and how each ended, the backoff waits, the delivered link and the time it took.
///
/// ```swift
/// var metrics = CompareMetrics()
/// metrics.apply(.requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 10)
/// metrics.apply(.responseReceived(requestID: 1, endpoint: "match", attempt: 1, status: 503, duration: 0.01), time: 10)
/// metrics.apply(.retryScheduled(requestID: 1, endpoint: "match", attempt: 1, delay: 1), time: 10)
/// …
/// metrics.attemptsLine   // "3 (503 503 200)"; metrics.waitsLine   // "1.0s, 2.0s"
/// ```
///
/// Pure: the same diagnostics give the same metrics, live (as they arrive) or afterwards.
package struct CompareMetrics: Sendable, Hashable {
    /// Request attempts started (every endpoint).
    package private(set) var attempts = 0
    /// How each attempt ended, in order: the status (`200`, `503`) or `failed` (no answer).
    package private(set) var outcomes: [String] = []
    /// The backoff waits the SDK scheduled, in seconds, in order.
    package private(set) var waits: [Double] = []
    /// The last link delivered on the link stream.
    package private(set) var link: LinkSummary?
    /// Seconds from the first diagnostic of the stretch that delivered ``link`` to its delivery (the SDK's clock).
    package private(set) var timeToLink: Double?
    /// The match result's "no link" (a first launch that found nothing), when no link was delivered.
    package private(set) var matchedNothing = false
    /// When the wait in progress began (the SDK's clock; nil: no wait in progress) and how long it is.
    package private(set) var waitStartedAt: Double?
    /// The length of the wait in progress, in seconds (0 when none).
    package private(set) var waitDelay: Double = 0
    private var stretchStart: Double?

    /// Empty metrics (nothing happened yet).
    package init() {}

    /// Folds one diagnostic in.
    package mutating func apply(_ event: DiagnosticEvent, time: Double) {
        if stretchStart == nil { stretchStart = time }
        switch event {
        case .requestStarted:
            attempts += 1
            endWait()
        case .responseReceived(_, _, _, let status, _):
            outcomes.append(String(status))
        case .requestFailed:
            outcomes.append("failed")
        case .retryScheduled(_, _, _, let delay):
            waits.append(delay)
            waitStartedAt = time
            waitDelay = delay
        case .gaveUp, .requestFinished:
            endWait()
        case .matchResult(let summary):
            if summary == nil && link == nil { matchedNothing = true }
        case .linkDelivered(let summary):
            link = summary
            matchedNothing = false
            timeToLink = max(0, time - (stretchStart ?? time))
            stretchStart = nil
        default:
            break
        }
    }

    private mutating func endWait() {
        waitStartedAt = nil
        waitDelay = 0
    }

    /// `3 (503 503 200)`, `1 (200)`, `0`.
    package var attemptsLine: String { attemptsLine(width: .max) }

    /// ``attemptsLine`` in at most `width` characters: the earliest outcomes give way to `…` first, since the last
    /// is how the request ended (`3 (… 503 200)`); `1 (in flight)` before any attempt has ended.
    package func attemptsLine(width: Int) -> String {
        guard attempts > 0 else { return "0" }
        guard !outcomes.isEmpty else { return "\(attempts) (in flight)" }
        var shown = outcomes
        var line = "\(attempts) (\(shown.joined(separator: " ")))"
        while line.count > width, shown.count > 1 {
            shown.removeFirst()
            line = "\(attempts) (… \(shown.joined(separator: " ")))"
        }
        return line
    }

    /// `1.0s, 2.0s`, `none`.
    package var waitsLine: String {
        waits.isEmpty ? "none" : waits.map(formatSeconds).joined(separator: ", ")
    }
}

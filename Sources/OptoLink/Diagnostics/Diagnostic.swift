import Foundation

/// Something the SDK did, as a value: every request attempt, response, retry wait, give-up, match
/// result, delivered link, event queue change and log message.
///
/// Read them from ``OptoLink/diagnostics``; the dashboard folds them into its screens, an app may log them.
/// For every request the order is `requestStarted`, then `responseReceived` or `requestFailed`, then
/// either `retryScheduled` (and the next attempt) or, when retries are exhausted, `gaveUp`; the last
/// value for a request is always exactly one `requestFinished`.
public struct Diagnostic: Sendable, Hashable {
    /// ``OptoLinkClock/now()`` of the SDK's clock when it happened (monotonic seconds).
    public var time: TimeInterval
    /// What happened.
    public var kind: Kind

    /// What happened: ``DiagnosticKind``.
    public typealias Kind = DiagnosticKind

    /// Creates a diagnostic.
    public init(time: TimeInterval, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}

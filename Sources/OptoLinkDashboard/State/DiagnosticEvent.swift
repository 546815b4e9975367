/// The SDK's `Diagnostic.Kind`, one case for one case, in plain values (no `import OptoLink`).
///
/// ``DiagnosticMapper`` maps each `Diagnostic` to `DashboardAction.diagnostic(event, time: diagnostic.time)`:
/// `Endpoint.rawValue` → `endpoint`, `OptoLinkData` → ``LinkSummary``, `LogLevel` → ``DashboardLogLevel``.
package enum DiagnosticEvent: Sendable, Hashable, Codable {
    /// `requestStarted(requestID:endpoint:attempt:)`.
    case requestStarted(requestID: Int, endpoint: String, attempt: Int)
    /// `responseReceived(requestID:endpoint:attempt:status:duration:)`.
    case responseReceived(requestID: Int, endpoint: String, attempt: Int, status: Int, duration: Double)
    /// `requestFailed(requestID:endpoint:attempt:reason:duration:)`: no HTTP answer.
    case requestFailed(requestID: Int, endpoint: String, attempt: Int, reason: String, duration: Double)
    /// `retryScheduled(requestID:endpoint:attempt:delay:)`: `attempt` is the one that failed.
    case retryScheduled(requestID: Int, endpoint: String, attempt: Int, delay: Double)
    /// `gaveUp(requestID:endpoint:attempts:reason:)`.
    case gaveUp(requestID: Int, endpoint: String, attempts: Int, reason: String)
    /// `requestFinished(requestID:endpoint:attempts:status:)`: always last for a request.
    case requestFinished(requestID: Int, endpoint: String, attempts: Int, status: Int?)
    /// `matchResult(OptoLinkData?)`: nil = no match.
    case matchResult(LinkSummary?)
    /// `linkDelivered(OptoLinkData)`.
    case linkDelivered(LinkSummary)
    /// `sessionRegistered(deviceId:firstSeenAt:lastSeenAt:)`.
    case sessionRegistered(deviceId: String, firstSeenAt: String, lastSeenAt: String)
    /// `identityChanged(externalId:)`.
    case identityChanged(externalId: String?)
    /// `eventQueued(name:queued:)`.
    case eventQueued(name: String, queued: Int)
    /// `eventSent(name:queued:)`.
    case eventSent(name: String, queued: Int)
    /// `eventDropped(name:reason:)`.
    case eventDropped(name: String, reason: String)
    /// `log(level:message:)`.
    case log(level: DashboardLogLevel, message: String)
}

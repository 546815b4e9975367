import Foundation

/// What the SDK did, in the dashboard's plain values: the cases of the SDK's `Diagnostic.Kind`, with an
/// endpoint's name (`Endpoint.rawValue`), a link's ``LinkSummary`` and the dashboard's ``DashboardLogLevel``.
///
/// ``DiagnosticMapper/event(_:idOffset:)`` is the one mapping from the SDK's diagnostic. Sessions store it
/// with the synthesized `Codable`: keyed by case name, then by label
/// (`{"gaveUp": {"requestID": 3, "endpoint": "match", …}}`), so the case names and labels are the file
/// format and stay as they are.
package enum DiagnosticEvent: Sendable, Hashable, Codable {
    /// An attempt of request `requestID` to `endpoint` began; `attempt` starts at 1.
    case requestStarted(requestID: Int, endpoint: String, attempt: Int)
    /// An HTTP answer arrived after `duration` seconds.
    case responseReceived(requestID: Int, endpoint: String, attempt: Int, status: Int, duration: TimeInterval)
    /// No HTTP answer; `reason` says why.
    case requestFailed(requestID: Int, endpoint: String, attempt: Int, reason: String, duration: TimeInterval)
    /// Attempt `attempt` failed and the next one starts after `delay` seconds.
    case retryScheduled(requestID: Int, endpoint: String, attempt: Int, delay: TimeInterval)
    /// The retries are exhausted after `attempts` attempts.
    case gaveUp(requestID: Int, endpoint: String, attempts: Int, reason: String)
    /// The request is over (its last event); `status` is nil when no HTTP answer came.
    case requestFinished(requestID: Int, endpoint: String, attempts: Int, status: Int?)
    /// The first-launch match outcome: the match, or nil for no match or failure.
    case matchResult(LinkSummary?)
    /// A link was delivered to the app.
    case linkDelivered(LinkSummary)
    /// The session call registered this device.
    case sessionRegistered(deviceId: String, firstSeenAt: String, lastSeenAt: String)
    /// The device was bound to `externalId` (or unbound, when nil).
    case identityChanged(externalId: String?)
    /// An event was stored in the queue; `queued` events are now waiting.
    case eventQueued(name: String, queued: Int)
    /// An event reached the backend; `queued` events are still waiting.
    case eventSent(name: String, queued: Int)
    /// An event was dropped (refused by the backend, or pushed out of a full queue).
    case eventDropped(name: String, reason: String)
    /// A log message.
    case log(level: DashboardLogLevel, message: String)
}

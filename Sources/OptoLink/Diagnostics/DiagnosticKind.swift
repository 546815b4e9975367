import Foundation

/// What happened, as ``Diagnostic/Kind`` (the name apps use): a request's attempts and their outcome,
/// the first launch's match, delivered links, the session, the identity, the event queue and log messages.
public enum DiagnosticKind: Sendable, Hashable {
    /// An attempt of request `requestID` (unique per SDK instance) to `endpoint` began; `attempt` starts at 1.
    case requestStarted(requestID: Int, endpoint: Endpoint, attempt: Int)
    /// An HTTP answer arrived after `duration` seconds.
    case responseReceived(requestID: Int, endpoint: Endpoint, attempt: Int, status: Int, duration: TimeInterval)
    /// No HTTP answer (connection refused, timeout, connection lost…); `reason` says which.
    case requestFailed(requestID: Int, endpoint: Endpoint, attempt: Int, reason: String, duration: TimeInterval)
    /// Attempt `attempt` failed and the next one starts after `delay` seconds.
    case retryScheduled(requestID: Int, endpoint: Endpoint, attempt: Int, delay: TimeInterval)
    /// The retries are exhausted after `attempts` attempts.
    case gaveUp(requestID: Int, endpoint: Endpoint, attempts: Int, reason: String)
    /// The request is over (always its last diagnostic); `status` is nil when no HTTP answer came.
    case requestFinished(requestID: Int, endpoint: Endpoint, attempts: Int, status: Int?)
    /// The first-launch `/match` outcome: the match, or nil for no match or failure.
    case matchResult(OptoLinkData?)
    /// A link was delivered on ``OptoLink/links``.
    case linkDelivered(OptoLinkData)
    /// `/sdk/session` registered this device.
    case sessionRegistered(deviceId: String, firstSeenAt: String, lastSeenAt: String)
    /// The device was bound to `externalId` (or unbound, when nil).
    case identityChanged(externalId: String?)
    /// An event was stored in the queue; `queued` events are now waiting.
    case eventQueued(name: String, queued: Int)
    /// An event reached the backend; `queued` events are still waiting.
    case eventSent(name: String, queued: Int)
    /// An event was dropped (refused by the backend, or pushed out of a full queue).
    case eventDropped(name: String, reason: String)
    /// A message that also went to the configured logger.
    case log(level: LogLevel, message: String)
}

extension DiagnosticKind {
    /// The request id of a request diagnostic, nil for the others.
    package var requestID: Int? {
        switch self {
        case .requestStarted(let id, _, _), .responseReceived(let id, _, _, _, _), .requestFailed(let id, _, _, _, _),
            .retryScheduled(let id, _, _, _), .gaveUp(let id, _, _, _), .requestFinished(let id, _, _, _):
            return id
        default:
            return nil
        }
    }
}

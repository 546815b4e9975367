import Foundation

/// What happened, over the types that name an endpoint, a link and a log level: the cases of
/// ``Diagnostic/Kind``, which is this with ``Endpoint``, ``OptoLinkData`` and ``LogLevel``.
///
/// Generic so that a consumer that keeps diagnostics as plain values (the dashboard stores an endpoint's
/// name, a link's summary and its own log level) has exactly the SDK's cases, by construction: it maps
/// a diagnostic's payloads, never copies its cases.
public enum DiagnosticKind<EndpointName, Link, Level> {
    /// An attempt of request `requestID` (unique per SDK instance) to `endpoint` began; `attempt` starts at 1.
    case requestStarted(requestID: Int, endpoint: EndpointName, attempt: Int)
    /// An HTTP answer arrived after `duration` seconds.
    case responseReceived(requestID: Int, endpoint: EndpointName, attempt: Int, status: Int, duration: TimeInterval)
    /// No HTTP answer (connection refused, timeout, connection lost…); `reason` says which.
    case requestFailed(requestID: Int, endpoint: EndpointName, attempt: Int, reason: String, duration: TimeInterval)
    /// Attempt `attempt` failed and the next one starts after `delay` seconds.
    case retryScheduled(requestID: Int, endpoint: EndpointName, attempt: Int, delay: TimeInterval)
    /// The retries are exhausted after `attempts` attempts.
    case gaveUp(requestID: Int, endpoint: EndpointName, attempts: Int, reason: String)
    /// The request is over (always its last diagnostic); `status` is nil when no HTTP answer came.
    case requestFinished(requestID: Int, endpoint: EndpointName, attempts: Int, status: Int?)
    /// The first-launch `/match` outcome: the match, or nil for no match or failure.
    case matchResult(Link?)
    /// A link was delivered on ``OptoLink/links``.
    case linkDelivered(Link)
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
    case log(level: Level, message: String)
}

extension DiagnosticKind: Sendable where EndpointName: Sendable, Link: Sendable, Level: Sendable {}
extension DiagnosticKind: Equatable where EndpointName: Equatable, Link: Equatable, Level: Equatable {}
extension DiagnosticKind: Hashable where EndpointName: Hashable, Link: Hashable, Level: Hashable {}
/// Keyed by case name, then by label (`{"gaveUp": {"requestID": 3, "endpoint": …}}`), when every payload is.
extension DiagnosticKind: Codable where EndpointName: Codable, Link: Codable, Level: Codable {}

extension DiagnosticKind {
    /// The same diagnostic with its payloads mapped: the request id (default unchanged), the endpoint, the
    /// link and the log level; every other field as it is.
    package func map<OtherEndpoint, OtherLink, OtherLevel>(
        requestID: (Int) -> Int = { $0 }, endpoint: (EndpointName) -> OtherEndpoint, link: (Link) -> OtherLink,
        level: (Level) -> OtherLevel
    ) -> DiagnosticKind<OtherEndpoint, OtherLink, OtherLevel> {
        switch self {
        case .requestStarted(let id, let name, let attempt):
            return .requestStarted(requestID: requestID(id), endpoint: endpoint(name), attempt: attempt)
        case .responseReceived(let id, let name, let attempt, let status, let duration):
            return .responseReceived(
                requestID: requestID(id), endpoint: endpoint(name), attempt: attempt, status: status,
                duration: duration)
        case .requestFailed(let id, let name, let attempt, let reason, let duration):
            return .requestFailed(
                requestID: requestID(id), endpoint: endpoint(name), attempt: attempt, reason: reason,
                duration: duration)
        case .retryScheduled(let id, let name, let attempt, let delay):
            return .retryScheduled(requestID: requestID(id), endpoint: endpoint(name), attempt: attempt, delay: delay)
        case .gaveUp(let id, let name, let attempts, let reason):
            return .gaveUp(requestID: requestID(id), endpoint: endpoint(name), attempts: attempts, reason: reason)
        case .requestFinished(let id, let name, let attempts, let status):
            return .requestFinished(
                requestID: requestID(id), endpoint: endpoint(name), attempts: attempts, status: status)
        case .matchResult(let found): return .matchResult(found.map(link))
        case .linkDelivered(let delivered): return .linkDelivered(link(delivered))
        case .sessionRegistered(let deviceId, let firstSeenAt, let lastSeenAt):
            return .sessionRegistered(deviceId: deviceId, firstSeenAt: firstSeenAt, lastSeenAt: lastSeenAt)
        case .identityChanged(let externalId): return .identityChanged(externalId: externalId)
        case .eventQueued(let name, let queued): return .eventQueued(name: name, queued: queued)
        case .eventSent(let name, let queued): return .eventSent(name: name, queued: queued)
        case .eventDropped(let name, let reason): return .eventDropped(name: name, reason: reason)
        case .log(let severity, let message): return .log(level: level(severity), message: message)
        }
    }

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

import Foundation

extension Diagnostic.Kind {
    /// The log line a loggable diagnostic stands for, at ``LogLevel/debug`` (each attempt, each queued
    /// event) or ``LogLevel/info`` (each finished request, match, delivered link, session, identity
    /// change); nil for `.log` (already a line) and `.eventDropped` (its warning or error is logged).
    ///
    /// Only made when ``OptoLinkConfiguration/Logging/level`` is `.info` or lower: these lines go to the logger
    /// and ``OptoLinkLogging`` destinations, never back into ``OptoLink/diagnostics``. They name no device
    /// id and no user id (identity lines say only "set" or "cleared").
    var logLine: (level: LogLevel, message: String)? {
        switch self {
        case .requestStarted(let id, let endpoint, let attempt):
            return (.debug, "\(endpoint.displayPath) attempt \(attempt) started (request \(id))")
        case .responseReceived(let id, let endpoint, let attempt, let status, let duration):
            return (
                .debug,
                "\(endpoint.displayPath) attempt \(attempt): HTTP "
                    + "\(status) in \(Self.seconds(duration)) (request \(id))"
            )
        case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
            return (
                .debug,
                "\(endpoint.displayPath) attempt \(attempt) failed after "
                    + "\(Self.seconds(duration)): \(reason) (request \(id))"
            )
        case .retryScheduled(let id, let endpoint, let attempt, let delay):
            return (.debug, "\(endpoint.displayPath) attempt \(attempt + 1) in \(Self.seconds(delay)) (request \(id))")
        case .gaveUp(let id, let endpoint, let attempts, let reason):
            return (.debug, "\(endpoint.displayPath) gave up after \(attempts) attempt(s): \(reason) (request \(id))")
        case .requestFinished(let id, let endpoint, let attempts, let status):
            let outcome = status.map { "HTTP \($0)" } ?? "no answer"
            return (.info, "\(endpoint.displayPath) finished: \(outcome) after \(attempts) attempt(s) (request \(id))")
        case .matchResult(let link):
            return (
                .info, link.map { "Deferred match: \($0.path) (\($0.matchType.rawValue))" } ?? "Deferred match: none"
            )
        case .linkDelivered(let link):
            return (
                .info,
                "Link delivered: \(link.path) (\(link.matchType.rawValue)\(link.isDeferred ? ", deferred" : ""))"
            )
        case .sessionRegistered:
            return (.info, "Session registered")
        case .identityChanged(let externalId):
            return (.info, externalId == nil ? "Identity cleared" : "Identity set")
        case .eventQueued(let name, let queued):
            return (.debug, "Event \(name) queued (\(queued) waiting)")
        case .eventSent(let name, let queued):
            return (.debug, "Event \(name) sent (\(queued) waiting)")
        case .eventDropped, .log:
            return nil
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        String(format: "%.3f s", value)
    }
}

extension Endpoint {
    /// The route as a person reads it in a log line: `/data`, `/match`, `/sdk/session`…
    var displayPath: String {
        switch self {
        case .linkData, .match: return "/" + rawValue
        case .session, .identity, .identityClear, .events: return "/sdk/" + rawValue
        }
    }
}

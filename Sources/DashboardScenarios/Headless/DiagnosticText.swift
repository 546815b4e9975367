import DashboardCore
import OptoLink

/// One plain line per diagnostic, for the headless timeline; a link's method under the name `service` gives it.
enum DiagnosticText {
    static func line(_ event: DiagnosticEvent, service: OptoLinkService) -> String {
        let name = ServiceProfiles.profile(for: service).requestName
        switch event {
        case .requestStarted(let id, let endpoint, let attempt):
            return "\(name(endpoint)) #\(id) attempt \(attempt) started"
        case .responseReceived(let id, let endpoint, let attempt, let status, let duration):
            return "\(name(endpoint)) #\(id) attempt \(attempt) → \(status) in \(formatSeconds(duration))"
        case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
            return "\(name(endpoint)) #\(id) attempt \(attempt) failed after \(formatSeconds(duration)): \(reason)"
        case .retryScheduled(let id, let endpoint, let attempt, let delay):
            return "\(name(endpoint)) #\(id) retry after \(formatSeconds(delay)) (attempt \(attempt) failed)"
        case .gaveUp(let id, let endpoint, let attempts, let reason):
            return "\(name(endpoint)) #\(id) gave up after \(attempts) attempts: \(reason)"
        case .requestFinished(let id, let endpoint, let attempts, let status):
            let answer = status.map(String.init) ?? "no answer"
            return "\(name(endpoint)) #\(id) finished: \(answer) after \(attempts) attempt(s)"
        case .matchResult(let summary):
            return summary.map { "match result: \(text($0, service: service))" } ?? "match result: no match"
        case .linkDelivered(let summary):
            return "link delivered: \(text(summary, service: service))"
        case .sessionRegistered(let deviceId, let firstSeenAt, let lastSeenAt):
            return "session registered: \(deviceId) (first seen \(firstSeenAt), last seen \(lastSeenAt))"
        case .identityChanged(let externalId):
            return externalId.map { "identity bound: \($0)" } ?? "identity cleared"
        case .eventQueued(let name, let queued):
            return "event queued: \(name) (\(queued) queued)"
        case .eventSent(let name, let queued):
            return "event sent: \(name) (\(queued) queued)"
        case .eventDropped(let name, let reason):
            return "event dropped: \(name): \(reason)"
        case .log(let level, let message):
            return "\(level.rawValue): \(message)"
        }
    }

    static func text(_ link: LinkSummary, service: OptoLinkService) -> String {
        let name = ServiceProfiles.profile(for: service).methodName(for: .answer(link))
        return "\(name) \(link.confidence ?? "-")" + (link.score.map { " score \(formatScore($0))" } ?? "")
            + " \(link.path)" + (link.isDeferred ? " (deferred)" : "")
    }
}

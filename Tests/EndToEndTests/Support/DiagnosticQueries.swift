import Foundation
import OptoLink

/// What one request (one `requestID`) did, read from the diagnostics stream.
struct RequestStory {
    var id: Int
    var endpoint: Endpoint
    var started: [(attempt: Int, time: TimeInterval)] = []
    var statuses: [Int] = []
    var failures: [String] = []
    /// How long each failed attempt lasted, as the SDK reported it (taken where the attempt ended).
    var failureDurations: [TimeInterval] = []
    var retryDelays: [TimeInterval] = []
    var retryTimes: [TimeInterval] = []
    var gaveUp: Int?
    var finished: [(attempts: Int, status: Int?)] = []

    var attempts: Int { started.count }
}

extension Array where Element == Diagnostic {
    /// Every request of `endpoint`, in the order they started.
    func requests(_ endpoint: Endpoint) -> [RequestStory] {
        var stories: [Int: RequestStory] = [:]
        var order: [Int] = []
        func story(_ id: Int, _ e: Endpoint) -> Int {
            if stories[id] == nil {
                stories[id] = RequestStory(id: id, endpoint: e)
                order.append(id)
            }
            return id
        }
        for diagnostic in self {
            switch diagnostic.kind {
            case .requestStarted(let id, let e, let attempt) where e == endpoint:
                stories[story(id, e)]!.started.append((attempt, diagnostic.time))
            case .responseReceived(let id, let e, _, let status, _) where e == endpoint:
                stories[story(id, e)]!.statuses.append(status)
            case .requestFailed(let id, let e, _, let reason, let duration) where e == endpoint:
                stories[story(id, e)]!.failures.append(reason)
                stories[story(id, e)]!.failureDurations.append(duration)
            case .retryScheduled(let id, let e, _, let delay) where e == endpoint:
                stories[story(id, e)]!.retryDelays.append(delay)
                stories[story(id, e)]!.retryTimes.append(diagnostic.time)
            case .gaveUp(let id, let e, let attempts, _) where e == endpoint:
                stories[story(id, e)]!.gaveUp = attempts
            case .requestFinished(let id, let e, let attempts, let status) where e == endpoint:
                stories[story(id, e)]!.finished.append((attempts, status))
            default:
                break
            }
        }
        return order.map { stories[$0]! }
    }

    /// The `matchResult` values.
    var matchResults: [OptoLinkData?] {
        compactMap { if case .matchResult(let link) = $0.kind { return .some(link) } else { return nil } }
    }

    /// The `linkDelivered` values.
    var delivered: [OptoLinkData] {
        compactMap { if case .linkDelivered(let link) = $0.kind { return link } else { return nil } }
    }

    /// Whether a request of `endpoint` finished.
    func finished(_ endpoint: Endpoint) -> Bool {
        contains { if case .requestFinished(_, let e, _, _) = $0.kind { return e == endpoint } else { return false } }
    }
}

import DashboardCore
import Foundation
import OptoLinkFaults

/// One request through the fault proxy, for the dashboard's log and timeline and the headless log.
package struct ProxyEvent: Sendable, Hashable {
    /// `GET`, `POST`…
    package var method: String
    /// The request target as sent (`/match`, `/demo/summer/data?deviceId=…`).
    package var target: String
    /// What the fault plan decided.
    package var decision: FaultPlan.Decision
    /// The status the client got (nil: the connection was dropped).
    package var status: Int?
    /// Whether the backend saw the request.
    package var reachedUpstream: Bool
    /// A remark: why the backend gave no answer, what was dropped.
    package var note: String?

    /// The line the log shows: `proxy: POST /match → 503 (injected: 503 on match (1 of 2))`.
    package var line: String {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        let answer: String
        if let status {
            answer = "→ \(status)"
        } else if case .delay = decision.fault {
            answer = "→ held"
        } else {
            answer = "→ dropped"
        }
        let injected = decision.isInjected ? " (injected by the proxy: \(decision.label))" : ""
        return "proxy: \(method) \(path) \(answer)\(injected)" + (note.map { "; \($0)" } ?? "")
    }
}

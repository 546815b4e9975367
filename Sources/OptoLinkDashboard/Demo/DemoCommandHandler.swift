import Foundation

/// PHASE-1 DEMO: answers commands with scripted diagnostics so the screen can be watched live.
///
/// `o` plays a flaky request (503, wait 1 s, 503, wait 2 s, 200) in real time; `f` and `s` log what
/// phase 2 will do; every other command logs that it is not wired yet. Phase 2 replaces this with the
/// handler that drives the simulated device and the server.
public final class DemoCommandHandler: DashboardCommandHandler {
    private var nextRequestID = 100
    private let clock: any DashboardClock

    /// Creates the handler.
    public init(clock: any DashboardClock = SystemDashboardClock()) { self.clock = clock }

    /// Logs the command; plays a scripted retry sequence for ``DashboardCommand/openLinkDirect``.
    public func handle(_ command: DashboardCommand, state: DashboardState, inbox: DashboardInbox) {
        switch command {
        case .openLinkDirect:
            nextRequestID += 1
            play(requestID: nextRequestID, inbox: inbox)
        case .injectFault(let fault):
            inbox.send(.log(.info, "demo: would inject \(fault.kind.label) for \(fault.count) request(s) (phase 2)"))
        case .runScenario(let name):
            inbox.send(.scenarioStarted(name: name))
            inbox.send(.scenarioFinished(name: name, passed: false, detail: "scenarios arrive in phase 2"))
        default:
            inbox.send(.log(.warning, "demo: '\(command)' needs the simulated device (phase 2)"))
        }
    }

    private func play(requestID id: Int, inbox: DashboardInbox) {
        let clock = self.clock
        // (seconds after start, event) — a flaky /data request: 503, wait 1 s, 503, wait 2 s, 200.
        let script: [(Double, DiagnosticEvent)] = [
            (0.0, .requestStarted(requestID: id, endpoint: "data", attempt: 1)),
            (0.3, .responseReceived(requestID: id, endpoint: "data", attempt: 1, status: 503, duration: 0.3)),
            (0.3, .retryScheduled(requestID: id, endpoint: "data", attempt: 1, delay: 1)),
            (1.3, .requestStarted(requestID: id, endpoint: "data", attempt: 2)),
            (1.5, .responseReceived(requestID: id, endpoint: "data", attempt: 2, status: 503, duration: 0.2)),
            (1.5, .retryScheduled(requestID: id, endpoint: "data", attempt: 2, delay: 2)),
            (3.5, .requestStarted(requestID: id, endpoint: "data", attempt: 3)),
            (3.6, .responseReceived(requestID: id, endpoint: "data", attempt: 3, status: 200, duration: 0.1)),
            (3.6, .requestFinished(requestID: id, endpoint: "data", attempts: 3, status: 200)),
            (3.6, .linkDelivered(LinkSummary(path: "/promo/summer", method: "DIRECT", confidence: "exact"))),
        ]
        Thread.detachNewThread {
            let start = clock.now()
            for (offset, event) in script {
                let wait = start + offset - clock.now()
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                inbox.send(.diagnostic(event, time: start + offset))
            }
        }
    }
}

import DashboardCore
import Foundation
import OptoLink

/// Prints what happens during headless scenario runs as plain lines: one per diagnostic (and per runner
/// note) with its time relative to the scenario's start, e.g. `  +1.004s  match #3 attempt 2 → 503 in 3ms`,
/// and one per step as it ends (`  +1.010s  ✔ first launch`, `✘` when it failed); when a scenario failed,
/// the steps it never reached follow, `· name (not reached)`.
///
/// `@unchecked Sendable` is safe: `origin`, `plan` and `ended` are only touched while `lock` is held;
/// `write` is `@Sendable`.
package final class TimelinePrinter: @unchecked Sendable {
    private let lock = NSLock()
    private var origin: Double
    private var plan: [String] = []
    private var ended: [String] = []
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> Double
    private let service: OptoLinkService

    /// Creates a printer.
    /// - Parameters:
    ///   - service: the service the run's devices talk to: its names for the match methods.
    ///   - now: the clock the diagnostics' times come from (the SDK's).
    ///   - write: receives each line (without a newline).
    package init(
        service: OptoLinkService = .optoLink, now: @escaping @Sendable () -> Double,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.service = service
        self.now = now
        self.write = write
        self.origin = now()
    }

    /// Prints the line for `action` (diagnostics, notes, scenario starts and ended steps; other actions are
    /// not printed).
    package func handle(_ action: DashboardAction) {
        switch action {
        case .scenarioStarted(let name, let steps):
            lock.lock()
            origin = now()
            plan = steps
            ended = []
            lock.unlock()
            write("── \(name)")
        case .scenarioStepPassed(let step), .scenarioStepFailed(let step, _):
            let failed = if case .scenarioStepFailed = action { true } else { false }
            lock.lock()
            ended.append(step)
            lock.unlock()
            write(
                stamp(now()) + ScenarioStep(name: step, status: failed ? .failed("") : .passed).mark.description + " "
                    + step)
        case .scenarioStepUnchecked(let step, let reason):
            lock.lock()
            ended.append(step)
            lock.unlock()
            write(
                stamp(now())
                    + ScenarioStep(name: step, status: .unchecked(reason)).listed)
        case .scenarioFinished(_, let passed, _) where !passed:
            lock.lock()
            var unreached = plan
            for step in ended { if let index = unreached.firstIndex(of: step) { unreached.remove(at: index) } }
            lock.unlock()
            for step in unreached {
                write(String(repeating: " ", count: 13) + "\(ScenarioStep(name: step).mark) \(step) (not reached)")
            }
        case .diagnostic(let event, let time):
            write(stamp(time) + DiagnosticText.line(event, service: service))
        case .browserVisited(let visit):
            for (hop, step) in zip(visit.hops, visit.steps) {
                write(
                    stamp(hop.start) + "browser GET \(hop.url) → \(hop.status.map(String.init) ?? "no answer"): "
                        + step.text)
            }
        case .log(let level, let text):
            write(stamp(now()) + (level == .info ? "" : "\(level.rawValue): ") + text)
        default:
            break
        }
    }

    private func stamp(_ time: Double) -> String {
        lock.lock()
        let relative = time - origin
        lock.unlock()
        let millis = Int((max(0, relative) * 1000).rounded())
        let text = "+\(millis / 1000).\(String(millis % 1000).leftPadded(to: 3))s"
        return "  " + text.leftPadded(to: 9, with: " ") + "  "
    }
}

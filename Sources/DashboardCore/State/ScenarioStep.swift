/// One named step of a scenario's checklist (`first launch`, `/match → CLIPBOARD exact`…).
package struct ScenarioStep: Sendable, Hashable {
    /// Where the step is.
    package enum Status: Sendable, Hashable {
        /// Not reached (yet, or ever: an earlier step failed).
        case pending
        /// Running now.
        case running
        /// Its code ran and its checks held.
        case passed
        /// It failed; the detail says what was expected and what happened.
        case failed(String)
        /// Nothing was checked, for the reason given (the deployment cannot show it): not a pass.
        case unchecked(String)
    }

    /// The name, as the scenario's plan and its `ctx.step(_:)` call give it.
    package var name: String
    /// Where it is.
    package var status: Status

    /// Creates a step (pending by default).
    package init(name: String, status: Status = .pending) {
        self.name = name
        self.status = status
    }

    /// The mark and the name as the exports list the step: `✔ first launch`, `– server logged NONE (not
    /// checked: no /dev/match-attempts)`.
    package var listed: String {
        if case .unchecked(let reason) = status { return "\(mark) \(name) (not checked: \(reason))" }
        return "\(mark) \(name)"
    }

    /// The mark drawn before the name and printed by the headless run: `✔` passed, `✘` failed, `▸` running,
    /// `·` not reached, `–` not checked.
    package var mark: Character {
        switch status {
        case .pending: "·"
        case .running: "▸"
        case .passed: "✔"
        case .failed: "✘"
        case .unchecked: "–"
        }
    }
}

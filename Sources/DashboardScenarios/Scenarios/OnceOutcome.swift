import OptoLinkHTTP

/// Resumes a continuation with the first outcome it is given.
final class OnceOutcome: Sendable {
    private let state = Locked<(continuation: CheckedContinuation<ScenarioOutcome, Never>?, done: Bool)>((nil, false))

    /// The continuation to resume (set once the caller waits).
    var continuation: CheckedContinuation<ScenarioOutcome, Never>? {
        get { state.withLock { $0.continuation } }
        set { state.withLock { $0.continuation = newValue } }
    }

    /// Resumes with `outcome` if nothing did yet; returns whether this call did.
    @discardableResult
    func finish(_ outcome: ScenarioOutcome) -> Bool {
        let waiting = state.withLock { state -> CheckedContinuation<ScenarioOutcome, Never>? in
            guard !state.done, let continuation = state.continuation else { return nil }
            state = (nil, true)
            return continuation
        }
        waiting?.resume(returning: outcome)
        return waiting != nil
    }
}

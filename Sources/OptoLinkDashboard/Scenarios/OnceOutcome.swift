import Foundation

/// Resumes a continuation with the first outcome it is given.
///
/// `@unchecked Sendable` is safe: both stored properties are only touched while `lock` is held.
final class OnceOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: CheckedContinuation<ScenarioOutcome, Never>?
    private var done = false

    var continuation: CheckedContinuation<ScenarioOutcome, Never>? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }

    /// Resumes with `outcome` if nothing did yet; returns whether this call did.
    @discardableResult
    func finish(_ outcome: ScenarioOutcome) -> Bool {
        lock.lock()
        guard !done, let continuation = stored else {
            lock.unlock()
            return false
        }
        done = true
        stored = nil
        lock.unlock()
        continuation.resume(returning: outcome)
        return true
    }
}

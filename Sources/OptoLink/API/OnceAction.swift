import Foundation

/// An action that runs at most once, from any thread: when ``run()`` is called, or, when made with
/// `runsWhenReleased`, when the last reference goes, whichever comes first; ``cancel()`` drops it unrun.
/// Either way the action (and what it holds) is released at once.
///
/// `@unchecked Sendable` is safe: `action` is only touched while `lock` is held, and it runs after the
/// lock is released.
final class OnceAction: @unchecked Sendable {
    private let lock = NSLock()
    private var action: (@Sendable () -> Void)?
    private let runsWhenReleased: Bool

    init(runsWhenReleased: Bool = false, _ action: @escaping @Sendable () -> Void) {
        self.action = action
        self.runsWhenReleased = runsWhenReleased
    }

    /// Runs the action unless it ran or was cancelled.
    func run() {
        take()?()
    }

    /// Drops the action (it will not run).
    func cancel() {
        _ = take()
    }

    /// Whether the action is still to run (it neither ran nor was cancelled).
    var isPending: Bool {
        lock.lock()
        defer { lock.unlock() }
        return action != nil
    }

    private func take() -> (@Sendable () -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        let taken = action
        action = nil
        return taken
    }

    deinit {
        if runsWhenReleased { run() }
    }
}

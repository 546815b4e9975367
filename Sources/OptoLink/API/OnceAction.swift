import Foundation
internal import OptoLinkClientCore

/// An action that runs at most once, from any thread: when ``run()`` is called, or, when made with
/// `runsWhenReleased`, when the last reference goes, whichever comes first; ``cancel()`` drops it unrun.
/// Either way the action (and what it holds) is released at once; it runs after the lock is released.
final class OnceAction: Sendable {
    private let action: LockedValue<(@Sendable () -> Void)?>
    private let runsWhenReleased: Bool

    init(runsWhenReleased: Bool = false, _ action: @escaping @Sendable () -> Void) {
        self.action = LockedValue(action)
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
    var isPending: Bool { action.withLock { $0 != nil } }

    private func take() -> (@Sendable () -> Void)? {
        action.withLock { action in
            defer { action = nil }
            return action
        }
    }

    deinit {
        if runsWhenReleased { run() }
    }
}

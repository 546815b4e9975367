/// What a task waiting on the launch waits for, and so when ``LaunchMachine`` answers it.
enum LaunchWait: Sendable, Equatable {
    /// ``LaunchCoordinator/runFirstLaunch(launchURL:key:)`` and a re-run: the sequence's end, answered
    /// with its link.
    case sequenceEnd
    /// ``OptoLink/resolveDeferredLink()``: the first launch's link once the sequence returned; nil at once
    /// while the SDK is disabled or shut down.
    case firstLaunchResult
    /// Identity calls and event sends: true once the launch settled; false at once while the SDK is
    /// disabled or shut down.
    case launchSettled
    /// ``LaunchCoordinator/finishLaunch()``: the session rule has run (whatever it sent).
    case launchEnd
    /// ``OptoLink/checkPasteboard()``: whether the pasteboard read in progress found a click token.
    case tokenRead

    /// The answer a waiter of this kind gets when its task is cancelled: what it would get from an SDK
    /// that is shut down.
    var cancelledReply: LaunchReply {
        switch self {
        case .sequenceEnd, .firstLaunchResult: return .link(nil)
        case .launchSettled, .launchEnd, .tokenRead: return .flag(false)
        }
    }
}

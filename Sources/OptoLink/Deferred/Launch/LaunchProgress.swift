/// Where this launch is, as a value: the first launch's phase, the first-launch sequence's step, the
/// pasteboard read, the opens that may settle the first launch, the session rule and the tasks waiting on
/// any of it. ``LaunchMachine`` changes it; nothing else does.
///
/// (``LaunchState`` is the stored first-launch flag; this is the launch in progress.)
struct LaunchProgress: Sendable, Equatable {
    /// The first launch's phase.
    enum Phase: Sendable, Equatable {
        /// Not a first launch (or an app extension): no sequence, no pasteboard.
        case notFirstLaunch
        /// `/match` not sent yet: a link that opens the app still settles the first launch.
        case waiting
        /// `/match` sent.
        case matching
        /// The first launch is over.
        case settled
    }

    /// The step the first-launch sequence is at.
    enum Step: Sendable, Equatable {
        /// Not started (the link that opened the app is still being fetched).
        case notStarted
        /// Before the token: waits for the first launch's opens to end and for the SDK to be enabled.
        case waitingForOpens
        /// Waits for the token, as ``ClipboardReading`` says.
        case awaitingToken
        /// Has its token (or none): waits again for the first launch's opens and for the SDK to be enabled.
        case readyToMatch(DeferredLinkResolver.ReadToken?)
        /// `/match` is in flight.
        case matching
        /// `/match` matched: waits for the first launch's opens, which decide whether it is delivered.
        case holdingMatch(OptoLinkData)
        /// Waits for the first launch's opens to end, then the first launch is settled.
        case closing
        /// Ran to its end.
        case finished
    }

    /// Where the first launch's pasteboard read is.
    enum TokenRead: Sendable, Equatable {
        case notStarted
        case reading
        case done(DeferredLinkResolver.ReadToken?)
    }

    /// Where the session rule is.
    enum LaunchEnd: Sendable, Equatable {
        /// The first-launch sequence has not returned yet.
        case pending
        /// `/sdk/session` is being sent.
        case registering
        /// Identity calls and events may go.
        case settled
    }

    var phase: Phase
    var step: Step = .notStarted
    /// The link the first launch resolved to (the deferred match, or the link that opened it).
    var firstLaunchLink: OptoLinkData?
    /// The opens begun during the first launch (before it settled) whose request is still running.
    var firstLaunchOpens: Set<Int> = []
    /// Whether an open begun during the first launch delivered its link.
    var firstLaunchOpenDelivered = false
    var token: TokenRead = .notStarted
    /// The wait for ``OptoLink/checkPasteboard()`` (with ``ClipboardReading/whenAppAsks``) is running.
    var tokenTimerRunning = false
    /// With ``ClipboardReading/whenAppAsks``: the wait for ``OptoLink/checkPasteboard()`` ran out.
    var tokenWaitExpired = false
    /// `/match` or `/data` (with a request) was sent in this launch: the session rule sends no `/sdk/session`.
    var linkRequestSent = false
    /// ``OptoLink/setEnabled(_:)`` as last seen.
    var isEnabled: Bool
    var isShutDown = false
    /// The first-launch sequence returned once (a re-run does not unset it).
    var firstLaunchFinished = false
    var launchEnd: LaunchEnd = .pending
    /// The tasks waiting, in the order they began.
    var waiters: [Waiter] = []

    /// A task waiting on the launch, and what it waits for.
    struct Waiter: Sendable, Equatable {
        let id: Int
        let wait: LaunchWait
    }
}

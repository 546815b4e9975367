import Foundation

/// The launch's rules as a pure function: ``handle(_:)`` takes the ``LaunchProgress`` and a
/// ``LaunchEvent`` to the next progress and the ``LaunchEffect``s to run. No clock, task or network here:
/// the ``LaunchCoordinator`` runs the effects and feeds their results back as events, so every rule of
/// the launch is tested as a sequence of events.
///
/// The rules (see ``LaunchCoordinator`` for the whole launch):
/// - a link that opens the app during the first launch, before `/match` is sent, settles it once its link
///   is delivered; `/match` waits for such opens, and a match that comes back while one runs waits for it
///   (delivered: the match is only reported; failed: the match is delivered);
/// - the token is read as ``ClipboardReading`` says: at once, when the app calls `checkPasteboard()` (for
///   at most ``OptoLinkConfiguration/Clipboard/checkTimeout``), or never;
/// - while the SDK is disabled the sequence waits before the pasteboard and before `/match`;
/// - once the sequence returned, `/sdk/session` goes when neither `/match` nor `/data` was sent.
///
/// Every waiter is answered as soon as what it waits for holds, and forgotten when its task is cancelled.
struct LaunchMachine: Sendable {
    /// What the machine needs to know of the configuration.
    struct Settings: Sendable, Equatable {
        /// When the first launch reads the pasteboard.
        var clipboardReading: ClipboardReading
        /// With ``ClipboardReading/whenAppAsks``: how long `/match` waits for `checkPasteboard()`.
        var tokenWaitLimit: TimeInterval
        /// The service has `/sdk/session` (the session rule sends it).
        var hasSessions: Bool
        /// Running in an app extension: no first-launch sequence, no pasteboard, no re-run.
        var isAppExtension: Bool
    }

    let settings: Settings
    /// Where the launch is; changed only by ``handle(_:)``.
    var progress: LaunchProgress
    /// The effects of the event being handled, in order (empty between events).
    var effects: [LaunchEffect] = []

    /// A launch that starts as the stored flag says: a first launch (unless in an app extension) or not.
    init(settings: Settings, isFirstLaunch: Bool, isEnabled: Bool) {
        self.settings = settings
        let phase: LaunchProgress.Phase = isFirstLaunch && !settings.isAppExtension ? .waiting : .notFirstLaunch
        self.progress = LaunchProgress(phase: phase, isEnabled: isEnabled)
    }

    /// Applies `event`; returns the effects to run, in order.
    mutating func handle(_ event: LaunchEvent) -> [LaunchEffect] {
        apply(event)
        advanceSequence()
        answerWaiters()
        defer { effects = [] }
        return effects
    }

    private mutating func apply(_ event: LaunchEvent) {
        switch event {
        case .sequenceStarted(let waiter):
            wait(waiter, for: .sequenceEnd)
            startSequence()
        case .rerunRequested(let waiter, let deviceId):
            rerun(waiter: waiter, deviceId: deviceId)
        case .firstLaunchResultRequested(let waiter):
            wait(waiter, for: .firstLaunchResult)
        case .launchSettlementRequested(let waiter):
            wait(waiter, for: .launchSettled)
        case .pasteboardChecked(let waiter):
            checkPasteboard(waiter: waiter)
        case .waiterCancelled(let waiter):
            progress.waiters.removeAll { $0.id == waiter }
        case .launchEnding(let waiter):
            wait(waiter, for: .launchEnd)
            endLaunch()
        case .sessionRegistrationEnded:
            progress.launchEnd = .settled
        case .privacyChanged(let isEnabled):
            progress.isEnabled = isEnabled
        case .tokenRead(let read):
            progress.token = .done(read)
        case .tokenWaitExpired:
            progress.tokenWaitExpired = true
        case .matchEnded(let outcome):
            matchEnded(outcome)
        case .openStarted(let open, let sendsRequest):
            if sendsRequest { progress.linkRequestSent = true }
            if progress.phase == .waiting || progress.phase == .matching { progress.firstLaunchOpens.insert(open) }
        case .openEnded(let open, let link, let registers):
            openEnded(open, link: link, registers: registers)
        case .shutDown:
            shutDown()
        }
    }

    private mutating func wait(_ waiter: Int, for wait: LaunchWait) {
        progress.waiters.append(LaunchProgress.Waiter(id: waiter, wait: wait))
    }

    /// With ``ClipboardReading/whenAppAsks``, during a first launch whose `/match` is not sent yet (and the
    /// wait has not run out), starts the read; then answers with the read's result, when there is one.
    private mutating func checkPasteboard(waiter: Int) {
        if settings.clipboardReading == .whenAppAsks, progress.phase == .waiting, !progress.tokenWaitExpired,
            !progress.isShutDown, progress.isEnabled
        {
            startTokenRead()
        }
        switch progress.token {
        case .notStarted: effects.append(.resume(waiter: waiter, reply: .flag(false)))
        case .reading: wait(waiter, for: .tokenRead)
        case .done(let read): effects.append(.resume(waiter: waiter, reply: .flag(read != nil)))
        }
    }

    /// Starts the pasteboard read, once.
    mutating func startTokenRead() {
        guard progress.token == .notStarted else { return }
        progress.token = .reading
        effects.append(.readToken)
    }

    /// The session rule: `/sdk/session` when neither `/match` nor `/data` was sent in this launch (for a
    /// service that has sessions), not while the SDK is disabled or shut down.
    private mutating func endLaunch() {
        guard settings.hasSessions, !progress.linkRequestSent, !progress.isShutDown, progress.isEnabled else {
            progress.launchEnd = .settled
            return
        }
        progress.launchEnd = .registering
        effects.append(.registerSession)
    }

    /// An open's request ended: the backend knows the device when `/data` went with its id; an open of the
    /// first launch that delivered its link settles it (before `/match` was sent: no `/match`).
    private mutating func openEnded(_ open: Int, link: OptoLinkData?, registers: Bool) {
        if link != nil, registers { effects.append(.markRegistered) }
        guard progress.firstLaunchOpens.remove(open) != nil else { return }
        guard let link, !progress.isShutDown, !progress.firstLaunchOpenDelivered else { return }
        progress.firstLaunchOpenDelivered = true
        progress.firstLaunchLink = link
        if progress.phase == .waiting {
            effects.append(.markFirstLaunchDone)
            progress.phase = .settled
        }
    }

    private mutating func shutDown() {
        progress.isShutDown = true
        if progress.token == .reading { effects.append(.cancelTokenRead) }
        if progress.step == .matching { effects.append(.cancelMatch) }
    }

    /// Resumes every waiter whose answer is known, in the order they began.
    private mutating func answerWaiters() {
        var waiting: [LaunchProgress.Waiter] = []
        for waiter in progress.waiters {
            if let reply = reply(to: waiter.wait) {
                effects.append(.resume(waiter: waiter.id, reply: reply))
            } else {
                waiting.append(waiter)
            }
        }
        progress.waiters = waiting
    }

    /// The answer for a waiter of this kind, or nil while it must wait.
    private func reply(to wait: LaunchWait) -> LaunchReply? {
        let progress = self.progress
        switch wait {
        case .sequenceEnd:
            return progress.step == .finished ? .link(progress.firstLaunchLink) : nil
        case .firstLaunchResult:
            guard progress.firstLaunchFinished || !progress.isEnabled || progress.isShutDown else { return nil }
            return .link(progress.firstLaunchFinished && !progress.isShutDown ? progress.firstLaunchLink : nil)
        case .launchSettled:
            let settled = progress.launchEnd == .settled
            guard settled || !progress.isEnabled || progress.isShutDown else { return nil }
            return .flag(settled && progress.isEnabled && !progress.isShutDown)
        case .launchEnd:
            return progress.launchEnd == .settled ? .flag(true) : nil
        case .tokenRead:
            guard case .done(let read) = progress.token else { return nil }
            return .flag(read != nil)
        }
    }
}

import Foundation

/// The first-launch sequence, step by step: wait for the first launch's opens and the switch, the token,
/// the same waits again, `/match`, the match held for the opens, then the first launch settled.
extension LaunchMachine {
    /// Starts the sequence: it ends at once when this is not a first launch.
    mutating func startSequence() {
        progress.step = progress.phase == .notFirstLaunch ? .finished : .waitingForOpens
        if progress.step == .finished { progress.firstLaunchFinished = true }
    }

    /// Runs the first-launch sequence again, as on a fresh install (first-launch flag, link, pasteboard
    /// read and its wait reset); refused after shutdown, in an app extension and while a first launch runs.
    mutating func rerun(waiter: Int, deviceId: String) {
        let refusal: String? =
            if progress.isShutDown {
                "the SDK is shut down"
            } else if settings.isAppExtension {
                "an app extension never runs the first-launch sequence (the containing app does)"
            } else if progress.phase != .notFirstLaunch && progress.phase != .settled {
                "a first-launch sequence is already running (wait for it to settle)"
            } else {
                nil
            }
        if let refusal {
            effects.append(.resume(waiter: waiter, reply: .refused(refusal)))
            return
        }
        effects.append(.markFirstLaunchPending)
        progress.phase = .waiting
        progress.firstLaunchLink = nil
        progress.firstLaunchOpenDelivered = false
        progress.token = .notStarted
        progress.tokenWaitExpired = false
        effects.append(
            .log(
                .info,
                "Re-running the first-launch sequence as on a fresh install (first-launch flag reset; "
                    + "device id \(deviceId), events, identity and the app's data kept)"))
        progress.waiters.append(LaunchProgress.Waiter(id: waiter, wait: .sequenceEnd))
        startSequence()
    }

    /// `/match` ended: report it, and deliver a match unless a link opened during the first launch wins.
    mutating func matchEnded(_ outcome: DeferredLinkResolver.Outcome) {
        switch outcome {
        case .matched(let link):
            effects.append(.markRegistered)
            effects.append(.emit(.matchResult(link)))
            progress.step = .holdingMatch(link)
            return
        case .noMatch:
            effects.append(.markRegistered)
            effects.append(.emit(.matchResult(nil)))
        case .failed(let error):
            effects.append(.emit(.matchResult(nil)))
            effects.append(.log(.warning, "Deferred match failed: \(error)"))
        case .cancelled:
            effects.append(.emit(.matchResult(nil)))
        }
        progress.step = .closing
    }

    /// Takes the sequence as far as it can go now.
    mutating func advanceSequence() {
        while advanceOneStep() {}
    }

    /// Whether the first launch's opens have ended (or no longer matter: shutdown).
    private var opensEnded: Bool { progress.firstLaunchOpens.isEmpty || progress.isShutDown }

    /// Whether the sequence may pass the switch: enabled, settled by a link, or shut down.
    private var mayGoOn: Bool {
        progress.isEnabled || progress.phase != .waiting || progress.isShutDown
    }

    /// Takes one step; false when the sequence must wait for an event.
    private mutating func advanceOneStep() -> Bool {
        switch progress.step {
        case .notStarted, .matching, .finished:
            return false
        case .waitingForOpens:
            guard opensEnded, mayGoOn else { return false }
            if progress.phase == .settled || progress.isShutDown { return finishSequence() }
            beginTokenWait()
        case .awaitingToken:
            guard let token = tokenForMatch() else { return false }
            if progress.tokenTimerRunning {
                progress.tokenTimerRunning = false
                effects.append(.stopTokenTimer)
            }
            progress.step = .readyToMatch(token)
        case .readyToMatch(let token):
            guard opensEnded, mayGoOn else { return false }
            if progress.phase == .settled || progress.isShutDown { return finishSequence() }
            progress.phase = .matching
            progress.linkRequestSent = true
            progress.step = .matching
            effects.append(.match(token: token))
        case .holdingMatch(let link):
            guard opensEnded else { return false }
            if progress.firstLaunchOpenDelivered {
                effects.append(
                    .log(
                        .warning,
                        "Deferred match for \(link.path) not delivered: a link opened the app during the first launch"
                    ))
            } else if !progress.isShutDown {
                progress.firstLaunchLink = link
                effects.append(.deliver(link))
            }
            progress.step = .closing
        case .closing:
            guard opensEnded else { return false }
            progress.phase = .settled
            return finishSequence()
        }
        return true
    }

    /// The token for `/match`, as ``ClipboardReading`` says: starts the read at once, or arms the wait for
    /// `checkPasteboard()`.
    private mutating func beginTokenWait() {
        switch settings.clipboardReading {
        case .never:
            progress.step = .readyToMatch(nil)
            return
        case .atFirstLaunch:
            startTokenRead()
        case .whenAppAsks:
            break
        }
        if progress.token == .notStarted {
            progress.tokenTimerRunning = true
            effects.append(.startTokenTimer(seconds: settings.tokenWaitLimit))
        }
        progress.step = .awaitingToken
    }

    /// The token's wait is over with this token (`.some(nil)`: none), or nil while it goes on. It ends
    /// early, without a token, when a link settles the first launch or the SDK shuts down.
    private func tokenForMatch() -> DeferredLinkResolver.ReadToken?? {
        guard progress.phase == .waiting, !progress.isShutDown else { return .some(nil) }
        switch progress.token {
        case .done(let read): return .some(read)
        case .notStarted where progress.tokenWaitExpired: return .some(nil)
        default: return nil
        }
    }

    /// The sequence returned: its link is the first launch's.
    private mutating func finishSequence() -> Bool {
        progress.step = .finished
        progress.firstLaunchFinished = true
        return true
    }
}

import Foundation
internal import OptoLinkClientCore

/// The SDK's launch: whether the first-launch sequence (the deferred match) runs, the direct opens that
/// settle it, and `/sdk/session` once per launch. It keeps the launch's state and hands the other jobs to
/// types of their own: ``RecentOpens`` (one open per URL within the duplicate window),
/// ``DeviceRegistration`` (the backend knows the device before `/sdk/identity` and `/sdk/events`) and
/// ``IdentitySender``.
///
/// **One launch = one ``OptoLink`` instance** (one `start(...)`). The first launch is done only when a
/// link was delivered or `/match` settled:
/// 1. If the app was started by one of our links (`launchURL`, or `handle(url:)` before `/match` was sent),
///    that link is fetched and delivered (``MatchMethod/direct``); once it is, the first launch is marked
///    done and `/match` is skipped. If it cannot be resolved, the deferred match runs as if no link had
///    opened the app.
/// 2. Otherwise, on the first launch only: token + fingerprint → `/match` → mark done (whatever happened,
///    except a shutdown mid-request) → clear the used token → deliver a match (`isDeferred: true`).
///    The token is read in a task of its own (the read may wait for the paste prompt), at once
///    (``ClipboardReading/atFirstLaunch``), when the app calls ``checkPasteboard()``
///    (``ClipboardReading/whenAppAsks``, waited for at most
///    ``OptoLinkConfiguration/Clipboard/checkTimeout``), or never. Until `/match` is sent, a link that
///    opens the app is still "the link that opened the first launch" (rule 1).
///    A match that comes back while a link opened during the first launch is still being fetched waits
///    for that open: when it delivered its link, the match is reported (`matchResult`) but not delivered
///    (the user is already where the link goes); when it failed, the match is delivered.
///
/// 3. Not at all in an app extension (``OptoLinkEnvironment/isAppExtension``), nor for an install that
///    predates the SDK (``OptoLinkConfiguration/Privacy/existingInstall``: its first launch is marked done at start).
/// 4. While the SDK is disabled (``OptoLink/setEnabled(_:)``), the sequence waits before reading the
///    pasteboard and before `/match` (the first-launch flag stays unset); enabling it in the same launch
///    lets it go on. A link that opens the app meanwhile still settles it (rule 1).
///
/// **Privacy switch**: while disabled, nothing that identifies the device leaves it: no pasteboard read,
/// no `/match`, no `/sdk/*` call (session, identity, events); direct opens are still resolved (the user
/// tapped the link) but `/data` goes without the device id. ``resetDevice()`` forgets the device id, the
/// registration and the first-launch flag.
///
/// **Session rule** (parity with Flutter): when that sequence has settled, if neither `/match` nor `/data`
/// was sent in this launch and no session was registered yet, `/sdk/session` is sent once. Later
/// `/data` calls do not undo it. `setIdentity`, `clearIdentity` and events wait for the launch to settle,
/// then go through ``DeviceRegistration/withRegisteredDevice(_:)``.
actor LaunchCoordinator {
    private enum Phase {
        case notFirstLaunch
        case waiting
        case matching
        case settled
    }

    /// What ``beginOpen(_:)`` decided for an open.
    private enum OpenStart: Sendable {
        /// The SDK is shut down: nothing to do.
        case shutDown
        /// The same URL is already being opened: share its answer.
        case joining(OpenSlot)
        /// A new open: run the request (with `deviceId`, nil while the SDK is disabled) and fulfil the slot.
        case starting(OpenSlot, isFirstLaunchOpen: Bool, deviceId: String?)
    }

    struct Dependencies: Sendable {
        let configuration: OptoLinkConfiguration
        /// The service's requests (``LinkProvider``).
        let provider: any LinkProvider
        let resolver: DeferredLinkResolver
        let launchState: LaunchState
        let store: any KeyValueStore
        let deviceInfo: any DeviceInfoProvider
        let clock: any OptoLinkClock
        let deviceId: String
        /// Running in an app extension: no first-launch sequence, no pasteboard.
        let isAppExtension: Bool
        let emit: @Sendable (Diagnostic.Kind) -> Void
        let log: @Sendable (LogLevel, String) -> Void
        /// Hands a link to the app (``OptoLink/links``); false (and nothing done) once the SDK is shutting
        /// down. Called from any thread (direct opens deliver from the transport's callback). The
        /// coordinator emits ``DiagnosticKind/linkDelivered(_:)`` afterwards.
        let deliver: @Sendable (OptoLinkData) -> Bool
        /// ``OptoLink/setEnabled(_:)``; always on unless the facade passes its own.
        var privacy = PrivacySwitch()
    }

    private let deps: Dependencies
    private var phase: Phase
    private var firstLaunchLink: OptoLinkData?
    /// The opens begun during the first launch (before it settled) whose request is still running.
    private var firstLaunchOpens: Set<ObjectIdentifier> = []
    /// Whether an open begun during the first launch delivered its link.
    private var firstLaunchOpenDelivered = false
    /// Tasks waiting for the first launch's state to change (opens ending, the token read, its wait
    /// running out, shutdown): see ``waitForChange()``.
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// The first launch's pasteboard read.
    private var token: TokenRead = .notStarted
    /// With ``ClipboardReading/whenAppAsks``: the wait for ``checkPasteboard()`` ran out.
    private var tokenWaitExpired = false

    /// Where the first launch's pasteboard read is.
    private enum TokenRead {
        case notStarted
        case reading(Task<DeferredLinkResolver.ReadToken?, Never>)
        case done(DeferredLinkResolver.ReadToken?)
    }
    /// `/match` or `/data` (with a request) was sent in this launch: the session rule sends no `/sdk/session`.
    private var linkRequestSent = false
    /// The direct opens of the duplicate window, and those still running.
    private var recentOpens = RecentOpens()
    private var isShutDown = false
    /// ``runFirstLaunch(launchURL:key:)`` returned (see ``firstLaunchResult()``).
    private var firstLaunchFinished = false
    /// ``finishLaunch()`` ran: identity calls and events may go (see ``awaitLaunch()``).
    private var launchSettled = false
    /// This install's device id; replaced by ``resetDevice()``. Read from any thread (``currentDeviceId``).
    nonisolated let device: LockedValue<String>
    /// Whether the backend knows the device, and registering it before the calls that need it.
    nonisolated let registration: DeviceRegistration
    /// `/sdk/identity`, for a registered device.
    nonisolated let identity: IdentitySender

    init(dependencies: Dependencies) {
        self.deps = dependencies
        let device = LockedValue(dependencies.deviceId)
        self.device = device
        self.registration = DeviceRegistration(
            provider: dependencies.provider, store: dependencies.store, deviceInfo: dependencies.deviceInfo,
            device: device, privacy: dependencies.privacy, emit: dependencies.emit, log: dependencies.log)
        self.identity = IdentitySender(
            provider: dependencies.provider, deviceInfo: dependencies.deviceInfo, device: device,
            registration: registration, emit: dependencies.emit, log: dependencies.log)
        // An app extension never runs the first-launch sequence (it would spend the containing app's token).
        self.phase = dependencies.launchState.isFirstLaunch && !dependencies.isAppExtension ? .waiting : .notFirstLaunch
    }

    // MARK: Launch

    /// This install's device id (``resetDevice()`` replaces it).
    nonisolated var currentDeviceId: String { device.value }

    /// Runs the first-launch part of the launch; returns the link the first launch resolved to (nil when
    /// none, or when this is not the first launch).
    func runFirstLaunch(launchURL: URL?, key: LinkKey?) async -> OptoLinkData? {
        let link = await runFirstLaunchSequence(launchURL: launchURL, key: key)
        firstLaunchFinished = true
        wakeWaiters()
        return link
    }

    /// ``OptoLink/resolveDeferredLink()``: waits for ``runFirstLaunch(launchURL:key:)`` and returns its
    /// link; nil at once (and nil when it happens while waiting) when the SDK is disabled or shut down.
    func firstLaunchResult() async -> OptoLinkData? {
        while !firstLaunchFinished, deps.privacy.isEnabled, !isShutDown { await waitForChange() }
        return firstLaunchFinished && !isShutDown ? firstLaunchLink : nil
    }

    /// Waits for the launch to settle (``finishLaunch()``); false at once, or as soon as it happens, when
    /// the SDK is disabled or shut down: identity calls and event sends do not go then.
    func awaitLaunch() async -> Bool {
        while !launchSettled, deps.privacy.isEnabled, !isShutDown { await waitForChange() }
        return launchSettled && deps.privacy.isEnabled && !isShutDown
    }

    /// ``OptoLink/setEnabled(_:)`` changed the switch: whatever waits on it looks again.
    func privacyChanged() {
        wakeWaiters()
    }

    /// Waits while the SDK is disabled during the first launch, until it is enabled, a link settles the
    /// first launch, or the SDK shuts down.
    private func waitUntilEnabled() async {
        while !deps.privacy.isEnabled, phase == .waiting, !isShutDown { await waitForChange() }
    }

    private func runFirstLaunchSequence(launchURL: URL?, key: LinkKey?) async -> OptoLinkData? {
        if let launchURL, let key {
            _ = await open(launchURL, key: key)
        }
        guard phase != .notFirstLaunch else { return nil }
        // A link that opened the app first: wait for it; only a delivered link settles the first launch.
        await waitForFirstLaunchOpens()
        await waitUntilEnabled()
        if phase == .settled || isShutDown { return firstLaunchLink }
        // The token, read in a task of its own; a link opening the app meanwhile still settles the first
        // launch (phase `.waiting`: /match is not sent yet), so a paste prompt never holds a direct open.
        let token = await tokenForMatch()
        await waitForFirstLaunchOpens()
        await waitUntilEnabled()
        if phase == .settled || isShutDown { return firstLaunchLink }
        phase = .matching
        linkRequestSent = true
        let outcome = await deps.resolver.match(token: token?.token, deviceId: currentDeviceId)
        await deps.resolver.finish(after: outcome, usedToken: token)
        switch outcome {
        case .matched(let link):
            registration.markRegistered()
            deps.emit(.matchResult(link))
            // A link opened meanwhile decides: delivered, it wins; failed, the match is delivered.
            await waitForFirstLaunchOpens()
            if firstLaunchOpenDelivered {
                deps.log(
                    .warning,
                    "Deferred match for \(link.path) not delivered: a link opened the app during the first launch")
            } else if !isShutDown {
                firstLaunchLink = link
                if deps.deliver(link) { deps.emit(.linkDelivered(link)) }
            }
        case .noMatch:
            registration.markRegistered()
            deps.emit(.matchResult(nil))
        case .failed(let error):
            deps.emit(.matchResult(nil))
            deps.log(.warning, "Deferred match failed: \(error)")
        case .cancelled:
            deps.emit(.matchResult(nil))
        }
        await waitForFirstLaunchOpens()
        phase = .settled
        return firstLaunchLink
    }

    /// Runs the first-launch sequence again, as on a fresh install, without wiping anything else: the
    /// first-launch flag is unset, the pasteboard is read again as ``ClipboardReading`` says, `/match` is
    /// sent with the same device id, and its link is delivered (`isDeferred: true`) like the first time; a
    /// link opened meanwhile settles it, as during a real first launch. The device id, the event queue,
    /// the identity and the app's own data stay. Reported through the diagnostics like the real one
    /// (`/match` attempts, `matchResult`, `linkDelivered`), with a log line before it starts.
    ///
    /// Refused (nothing done) after shutdown, in an app extension, and while a first launch is running.
    func rerunFirstLaunch() async -> FirstLaunchRerun {
        guard !isShutDown else { return .refused("the SDK is shut down") }
        guard !deps.isAppExtension else {
            return .refused("an app extension never runs the first-launch sequence (the containing app does)")
        }
        guard phase == .notFirstLaunch || phase == .settled else {
            return .refused("a first-launch sequence is already running (wait for it to settle)")
        }
        deps.launchState.markFirstLaunchPending()
        phase = .waiting
        firstLaunchLink = nil
        firstLaunchOpenDelivered = false
        token = .notStarted
        tokenWaitExpired = false
        deps.log(
            .info,
            "Re-running the first-launch sequence as on a fresh install (first-launch flag reset; "
                + "device id \(currentDeviceId), events, identity and the app's data kept)")
        return .finished(await runFirstLaunch(launchURL: nil, key: nil))
    }

    /// Waits until no open begun during the first launch is still running (or the SDK shuts down).
    private func waitForFirstLaunchOpens() async {
        while !firstLaunchOpens.isEmpty, !isShutDown { await waitForChange() }
    }

    /// Suspends until ``wakeWaiters()``: some state the first launch waits on changed.
    private func waitForChange() async {
        await withCheckedContinuation { waiters.append($0) }
    }

    private func wakeWaiters() {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }

    // MARK: The pasteboard

    /// The token for `/match`, as ``ClipboardReading`` says: read now, waited for from
    /// ``checkPasteboard()`` (at most ``OptoLinkConfiguration/Clipboard/checkTimeout``), or none. Returns
    /// early (nil) when a link settles the first launch or the SDK shuts down meanwhile.
    private func tokenForMatch() async -> DeferredLinkResolver.ReadToken? {
        switch deps.configuration.clipboardReading {
        case .never:
            return nil
        case .atFirstLaunch:
            startTokenRead()
        case .whenAppAsks:
            break
        }
        var timer: Task<Void, Never>?
        if case .notStarted = token {
            let clock = deps.clock
            let limit = deps.configuration.clipboard?.checkTimeout ?? 0  // set whenever the reading waits
            timer = Task {
                do { try await clock.sleep(for: limit) } catch { return }
                self.expireTokenWait()  // the task inherits the actor
            }
        }
        defer { timer?.cancel() }
        while phase == .waiting, !isShutDown {
            switch token {
            case .done(let read): return read
            case .notStarted where tokenWaitExpired: return nil
            default: await waitForChange()
            }
        }
        return nil
    }

    /// Starts the pasteboard read in a task of its own, once.
    private func startTokenRead() {
        guard case .notStarted = token else { return }
        let resolver = deps.resolver
        let task = Task { () -> DeferredLinkResolver.ReadToken? in
            let read = await resolver.readToken()
            self.finishTokenRead(read)  // the task inherits the actor
            return read
        }
        token = .reading(task)
    }

    private func finishTokenRead(_ read: DeferredLinkResolver.ReadToken?) {
        token = .done(read)
        wakeWaiters()
    }

    private func expireTokenWait() {
        tokenWaitExpired = true
        wakeWaiters()
    }

    /// ``OptoLink/checkPasteboard()``: with ``ClipboardReading/whenAppAsks``, during a first launch whose
    /// `/match` is not sent yet, reads the pasteboard now and hands the token to `/match`. Returns whether a
    /// click token was found; false (and no read) in every other case.
    func checkPasteboard() async -> Bool {
        guard deps.configuration.clipboardReading == .whenAppAsks, phase == .waiting, !tokenWaitExpired, !isShutDown,
            deps.privacy.isEnabled
        else {
            if case .done(let read) = token { return read != nil }
            if case .reading(let task) = token { return await task.value != nil }
            return false
        }
        startTokenRead()
        switch token {
        case .reading(let task): return await task.value != nil
        case .done(let read): return read != nil
        case .notStarted: return false
        }
    }

    /// The session rule: `/sdk/session` when neither `/match` nor `/data` was sent in this launch (for a
    /// service that has sessions). Not while the SDK is disabled (a later identity call or event
    /// registers the device first).
    func finishLaunch() async {
        defer {
            launchSettled = true
            wakeWaiters()
        }
        guard deps.provider.hasSessions, !linkRequestSent, !isShutDown, deps.privacy.isEnabled else { return }
        await registration.registerUnlessSent()
    }

    // MARK: Direct opens

    /// Fetches and delivers the link behind `url` (already checked to be ours), once per open.
    ///
    /// Not isolated to the actor: the decision and the bookkeeping are (``beginOpen(_:)``,
    /// ``finishOpen(_:_:isFirstLaunchOpen:registers:)``), but the request runs right here, in the calling task, so
    /// its answer wakes one task (the caller's) besides the app's `links` listener, which gets the link
    /// from the transport's callback. Structured, as Swift code expects: cancelling the calling task
    /// cancels the open. ``shutdown()`` stops it at its next step (no further attempt or wait; an
    /// attempt already on the wire is not interrupted, and nothing is delivered after shutdown).
    /// (Measured by optolink-bench, measure 2: a task of its own per open cost about 4 % of the open.)
    nonisolated func open(_ url: URL, key: LinkKey) async -> OptoLinkData? {
        let sendsRequest = key.sendsRequest
        switch await beginOpen(url, sendsRequest: sendsRequest) {
        case .shutDown:
            return nil
        case .joining(let slot):
            return await finishJoin(slot.value())
        case .starting(let slot, let isFirstLaunchOpen, let deviceId):
            let link = await Self.fetchAndDeliver(key: key, url: url, installID: deviceId, deps: deps, slot: slot)
            slot.fulfill(link)
            return await finishOpen(
                slot, link, isFirstLaunchOpen: isFirstLaunchOpen, registers: sendsRequest && deviceId != nil)
        }
    }

    /// Records an open of `url`, or finds the same open within the duplicate window.
    /// `sendsRequest`: false for a link read locally (a URL scheme), which the session rule does not count.
    private func beginOpen(_ url: URL, sendsRequest: Bool) -> OpenStart {
        guard !isShutDown else { return .shutDown }
        let key = url.absoluteString
        let now = deps.clock.now()
        if let slot = recentOpens.open(of: key, at: now) { return .joining(slot) }
        // Opened during the first launch: it settles the first launch only once its link is delivered
        // (``finishOpen(_:_:isFirstLaunchOpen:registers:)``); until then `/match` waits for it (or its answer does).
        let isFirstLaunchOpen = phase == .waiting || phase == .matching
        if sendsRequest { linkRequestSent = true }
        let slot = recentOpens.record(key, at: now)
        if isFirstLaunchOpen { firstLaunchOpens.insert(ObjectIdentifier(slot)) }
        return .starting(
            slot, isFirstLaunchOpen: isFirstLaunchOpen, deviceId: deps.privacy.isEnabled ? currentDeviceId : nil)
    }

    /// The bookkeeping after an open's request: the backend now knows this device.
    /// An open of the first launch that delivered its link settles it (before `/match` was sent: no
    /// `/match` for this install); one that failed leaves the first launch to the deferred match.
    /// `registers`: `/data` went with the device id (a short link while enabled), so the backend knows it.
    private func finishOpen(_ slot: OpenSlot, _ link: OptoLinkData?, isFirstLaunchOpen: Bool, registers: Bool)
        -> OptoLinkData?
    {
        recentOpens.finish(slot)
        if link != nil, registers { registration.markRegistered() }
        if isFirstLaunchOpen {
            firstLaunchOpens.remove(ObjectIdentifier(slot))
            if let link, !isShutDown, !firstLaunchOpenDelivered {
                firstLaunchOpenDelivered = true
                firstLaunchLink = link
                if phase == .waiting {
                    deps.launchState.markFirstLaunchDone()
                    phase = .settled
                }
            }
            wakeWaiters()
        }
        return isShutDown ? nil : link
    }

    /// A duplicate open's answer: the shared link, unless the SDK shut down meanwhile.
    private func finishJoin(_ link: OptoLinkData?) -> OptoLinkData? {
        isShutDown ? nil : link
    }

    /// Fetches the link and delivers it (off the actor). Nil when it could not be resolved (logged) or
    /// the open was stopped.
    private static func fetchAndDeliver(key: LinkKey, url: URL, installID: String?, deps: Dependencies, slot: OpenSlot)
        async -> OptoLinkData?
    {
        do {
            // Delivered from the transport's callback as soon as the answer is parsed (see
            // `OptoLinkAPI.linkData(shortCode:deviceId:isStopped:onLink:)`): the app's listener does not wait for
            // this task to be woken. `deliver` stops at shutdown.
            let deliver = deps.deliver
            let delivered = LockedValue(false)
            let link = try await deps.provider.open(
                key: key, url: url, installID: installID, isStopped: { slot.isStopped },
                onLink: { link in if deliver(link) { delivered.set(true) } })
            guard let link else {
                deps.log(
                    .info,
                    "\(deps.provider.service.displayName) has no link behind \(url.absoluteString): route it yourself")
                return nil
            }
            if delivered.value { deps.emit(.linkDelivered(link)) }
            return link
        } catch {
            if error != .cancelled { deps.log(.error, "Link \(key.text) could not be resolved: \(error)") }
            return nil
        }
    }

    // MARK: Reset

    /// ``OptoLink/resetDevice()``: forgets the device id (a new one is minted and stored at once, so this
    /// instance goes on as the new device), the backend registration and the first-launch flag (the next
    /// start on this store is a first launch). The backend keeps the old device's record: nothing is sent.
    func resetDevice() async {
        deps.store.removeValue(forKey: DeviceIdentifierStore.key)
        deps.store.removeValue(forKey: DeviceRegistration.key)
        deps.store.removeValue(forKey: LaunchState.key)
        deps.store.removeValue(forKey: deps.provider.installIDKey)
        device.set(deps.provider.installID(store: deps.store))
        await registration.forgetSession()
    }

    // MARK: Shutdown

    /// Cancels the session registration, and stops every direct open still running (at its next step:
    /// they run in their callers' tasks).
    func shutdown() async {
        isShutDown = true
        recentOpens.stopRunning()
        if case .reading(let task) = token { task.cancel() }
        wakeWaiters()
        await registration.shutdown()
    }
}

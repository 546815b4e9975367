import Foundation
internal import OptoLinkClientCore

/// The SDK's per-launch state and the decisions that depend on it: whether the deferred match runs,
/// direct opens, `/sdk/session` once per launch, and making sure the backend knows the device before
/// `/sdk/identity` and `/sdk/events`.
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
/// then register a session first if the backend does not know this device yet (no session, match or
/// link-data success recorded under `optolink_registered_device`), so the backend never answers 404; if
/// it answers 404 anyway (its data was reset), the session is registered and the call repeated once.
actor LaunchCoordinator {
    /// The store key remembering which device id the backend knows.
    static let registeredDeviceKey = "optolink_registered_device"
    /// A second open of the same URL within this many seconds is the same open (e.g. `launchURL` and
    /// `onOpenURL` both reporting the cold-start link): it gets the same answer and is not delivered again.
    static let duplicateOpenWindow: TimeInterval = 5

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
    private var linkRequestSent = false
    private var sessionSent = false
    private var registration: Task<Result<Void, OptoLinkError>, Never>?
    private var opens: [String: OpenSlot] = [:]
    /// The opens whose request is still running (older ones may have left `opens`), for shutdown.
    private var running: [ObjectIdentifier: OpenSlot] = [:]
    /// The keys of `opens` in the order they were recorded (from `openOrderHead` on), for pruning.
    private var openOrder: [(key: String, time: TimeInterval)] = []
    private var openOrderHead = 0
    private var isShutDown = false
    /// ``runFirstLaunch(launchURL:key:)`` returned (see ``firstLaunchResult()``).
    private var firstLaunchFinished = false
    /// ``finishLaunch()`` ran: identity calls and events may go (see ``awaitLaunch()``).
    private var launchSettled = false
    /// This install's device id; replaced by ``resetDevice()``. Read from any thread (``currentDeviceId``).
    private nonisolated let device: LockedValue<String>

    init(dependencies: Dependencies) {
        self.deps = dependencies
        self.device = LockedValue(dependencies.deviceId)
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
            markRegistered()
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
            markRegistered()
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
        guard deps.provider.hasSessions, !linkRequestSent, !sessionSent, !isShutDown, deps.privacy.isEnabled else {
            return
        }
        _ = await register()
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
        if let slot = opens[key], now - slot.time < Self.duplicateOpenWindow {
            return .joining(slot)
        }
        // Opened during the first launch: it settles the first launch only once its link is delivered
        // (``finishOpen(_:_:isFirstLaunchOpen:registers:)``); until then `/match` waits for it (or its answer does).
        let isFirstLaunchOpen = phase == .waiting || phase == .matching
        if sendsRequest { linkRequestSent = true }
        let slot = OpenSlot(time: now)
        pruneOpens(now: now)
        opens[key] = slot
        running[ObjectIdentifier(slot)] = slot
        openOrder.append((key: key, time: now))
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
        running[ObjectIdentifier(slot)] = nil
        if link != nil, registers { markRegistered() }
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

    /// Forgets the opens older than ``duplicateOpenWindow``. The clock is monotonic, so they are the oldest
    /// entries of `openOrder`: amortized O(1) per open instead of a pass over every recent open.
    private func pruneOpens(now: TimeInterval) {
        while openOrderHead < openOrder.count, now - openOrder[openOrderHead].time >= Self.duplicateOpenWindow {
            let entry = openOrder[openOrderHead]
            if opens[entry.key]?.time == entry.time { opens[entry.key] = nil }
            openOrderHead += 1
        }
        if openOrderHead >= 64, openOrderHead * 2 >= openOrder.count {
            openOrder.removeFirst(openOrderHead)
            openOrderHead = 0
        }
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

    // MARK: Registration, identity, events

    private var isRegistered: Bool {
        deps.store.string(forKey: Self.registeredDeviceKey) == currentDeviceId
    }

    private func markRegistered() {
        if !isRegistered { deps.store.set(currentDeviceId, forKey: Self.registeredDeviceKey) }
    }

    /// Sends `/sdk/session` (one at a time: concurrent callers share the request).
    private func register() async -> Result<Void, OptoLinkError> {
        if let registration { return await registration.value }
        sessionSent = true
        let deviceId = currentDeviceId
        let task = Task { () -> Result<Void, OptoLinkError> in
            do throws(OptoLinkError) {
                let info = try await self.deps.provider.registerSession(
                    installID: deviceId, fingerprint: self.deps.deviceInfo.fingerprint())
                self.deps.emit(
                    .sessionRegistered(
                        deviceId: info.deviceId, firstSeenAt: info.firstSeenAt, lastSeenAt: info.lastSeenAt))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        registration = task
        let result = await task.value
        registration = nil
        switch result {
        case .success: markRegistered()
        case .failure(let error): if error != .cancelled { deps.log(.warning, "Session registration failed: \(error)") }
        }
        return result
    }

    /// Registers a session when the backend does not know this device yet.
    private func ensureRegistered() async throws(OptoLinkError) {
        guard deps.provider.hasSessions, !isRegistered else { return }
        try await register().get()
    }

    /// Runs `call`, registering the device first when needed and once more after a 404.
    /// (`call` throws untyped: typed-throws function types need newer Apple runtimes than iOS 13.)
    private func withRegisteredDevice<T: Sendable>(_ call: @Sendable () async throws -> T) async throws(OptoLinkError)
        -> T
    {
        // Disabled: no /sdk/* call (the facade checks first; this catches a switch during the wait).
        guard !isShutDown, deps.privacy.isEnabled else { throw .cancelled(nil) }
        try await ensureRegistered()
        do {
            return try await call()
        } catch {
            let error = Self.wrap(error)
            guard deps.provider.hasSessions, error == .httpStatus, error.status == 404 else { throw error }
        }
        deps.store.removeValue(forKey: Self.registeredDeviceKey)
        try await register().get()
        do {
            return try await call()
        } catch {
            throw Self.wrap(error)
        }
    }

    private static func wrap(_ error: any Error) -> OptoLinkError {
        (error as? OptoLinkError) ?? .transport(error)
    }

    /// Binds the device to `externalId`; false (logged) on failure. The facade has checked that the service
    /// binds users.
    func setIdentity(_ externalId: String) async -> Bool {
        let deps = self.deps
        let device = self.device
        do {
            let binding = try await withRegisteredDevice { () async throws -> IdentityBinding in
                try await deps.provider.setIdentity(
                    externalId: externalId, installID: device.value, fingerprint: deps.deviceInfo.fingerprint())
            }
            deps.emit(.identityChanged(externalId: binding.externalId ?? externalId))
            return true
        } catch {
            if error != .cancelled { deps.log(.error, "setIdentity failed: \(error)") }
            return false
        }
    }

    /// Unbinds the device; false (logged) on failure (the service binds users, as for ``setIdentity(_:)``).
    func clearIdentity() async -> Bool {
        let deps = self.deps
        let device = self.device
        do {
            _ = try await withRegisteredDevice { () async throws -> IdentityBinding in
                try await deps.provider.clearIdentity(installID: device.value)
            }
            deps.emit(.identityChanged(externalId: nil))
            return true
        } catch {
            if error != .cancelled { deps.log(.error, "clearIdentity failed: \(error)") }
            return false
        }
    }

    /// Sends a batch of queued events in one request (the event queue decides what a failure means).
    func send(_ events: [QueuedEvent]) async throws(OptoLinkError) {
        let deps = self.deps
        let device = self.device
        try await withRegisteredDevice { () async throws -> Void in
            try await deps.provider.send(events, installID: device.value)
        }
    }

    // MARK: Reset

    /// ``OptoLink/resetDevice()``: forgets the device id (a new one is minted and stored at once, so this
    /// instance goes on as the new device), the backend registration and the first-launch flag (the next
    /// start on this store is a first launch). The backend keeps the old device's record: nothing is sent.
    func resetDevice() {
        deps.store.removeValue(forKey: DeviceIdentifierStore.key)
        deps.store.removeValue(forKey: Self.registeredDeviceKey)
        deps.store.removeValue(forKey: LaunchState.key)
        deps.store.removeValue(forKey: deps.provider.installIDKey)
        device.set(deps.provider.installID(store: deps.store))
        sessionSent = false
    }

    // MARK: Shutdown

    /// Cancels the session registration, and stops every direct open still running (at its next step:
    /// they run in their callers' tasks).
    func shutdown() {
        isShutDown = true
        for slot in running.values { slot.stop() }
        registration?.cancel()
        if case .reading(let task) = token { task.cancel() }
        wakeWaiters()
    }
}

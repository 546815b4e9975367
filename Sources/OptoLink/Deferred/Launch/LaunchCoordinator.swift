import Foundation
internal import OptoLinkClientCore

/// The SDK's launch: whether the first-launch sequence (the deferred match) runs, the direct opens that
/// settle it, and `/sdk/session` once per launch. It keeps the launch's state and hands the other jobs to
/// types of their own: ``RecentOpens`` (one open per URL within the duplicate window),
/// ``DeviceRegistration`` (the backend knows the device before `/sdk/identity` and `/sdk/events`) and
/// ``IdentitySender``.
///
/// The rules live in ``LaunchMachine``, a pure value: this actor feeds it events (the app's calls, the
/// results of its work) and runs the ``LaunchEffect``s it answers with. Tasks that wait on the launch are
/// resumed by those effects, and at once when they are cancelled.
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

    let deps: Dependencies
    /// The launch's rules and where the launch is.
    private(set) var machine: LaunchMachine
    /// The continuations of the tasks waiting on the launch.
    private let waiters = LaunchWaiters()
    private var nextWaiter = 0
    /// The pasteboard read, the wait for `checkPasteboard()` and `/match`, while they run.
    private var tokenRead: Task<Void, Never>?
    private var tokenTimer: Task<Void, Never>?
    private var match: Task<Void, Never>?
    /// The direct opens of the duplicate window, and those still running.
    var recentOpens = RecentOpens()
    /// The id of the next direct open (the machine knows opens by id).
    var nextOpen = 0
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
        let configuration = dependencies.configuration
        self.machine = LaunchMachine(
            settings: .init(
                clipboardReading: configuration.clipboardReading,
                // Set whenever the reading waits for the app.
                tokenWaitLimit: configuration.clipboard?.checkTimeout ?? 0,
                hasSessions: dependencies.provider.hasSessions, isAppExtension: dependencies.isAppExtension),
            isFirstLaunch: dependencies.launchState.isFirstLaunch, isEnabled: dependencies.privacy.isEnabled)
    }

    // MARK: Launch

    /// This install's device id (``resetDevice()`` replaces it).
    nonisolated var currentDeviceId: String { device.value }

    /// Runs the first-launch part of the launch; returns the link the first launch resolved to (nil when
    /// none, or when this is not the first launch). A cancelled caller gets nil at once; the sequence goes on.
    func runFirstLaunch(launchURL: URL?, key: LinkKey?) async -> OptoLinkData? {
        if let launchURL, let key {
            _ = await open(launchURL, key: key)
        }
        return await wait(.sequenceEnd) { .sequenceStarted(waiter: $0) }.link
    }

    /// ``OptoLink/resolveDeferredLink()``: waits for ``runFirstLaunch(launchURL:key:)`` and returns its
    /// link; nil at once (and nil when it happens while waiting) when the SDK is disabled or shut down, or
    /// the caller is cancelled.
    func firstLaunchResult() async -> OptoLinkData? {
        await wait(.firstLaunchResult) { .firstLaunchResultRequested(waiter: $0) }.link
    }

    /// Waits for the launch to settle (``finishLaunch()``); false at once, or as soon as it happens, when
    /// the SDK is disabled or shut down, or the caller is cancelled: identity calls and event sends do not
    /// go then.
    func awaitLaunch() async -> Bool {
        await wait(.launchSettled) { .launchSettlementRequested(waiter: $0) }.flag
    }

    /// ``OptoLink/setEnabled(_:)`` changed the switch: whatever waits on it looks again.
    func privacyChanged() {
        send(.privacyChanged(isEnabled: deps.privacy.isEnabled))
    }

    /// Runs the first-launch sequence again, as on a fresh install, without wiping anything else: the
    /// first-launch flag is unset, the pasteboard is read again as ``ClipboardReading`` says, `/match` is
    /// sent with the same device id, and its link is delivered (`isDeferred: true`) like the first time; a
    /// link opened meanwhile settles it, as during a real first launch. The device id, the event queue,
    /// the identity and the app's own data stay. Reported through the diagnostics like the real one
    /// (`/match` attempts, `matchResult`, `linkDelivered`), with a log line before it starts.
    ///
    /// Refused (nothing done) after shutdown, in an app extension, and while a first launch is running. A
    /// cancelled caller stops waiting (`.finished(nil)`); the sequence goes on.
    func rerunFirstLaunch() async -> FirstLaunchRerun {
        let deviceId = currentDeviceId
        switch await wait(.sequenceEnd, { .rerunRequested(waiter: $0, deviceId: deviceId) }) {
        case .refused(let reason): return .refused(reason)
        case let reply: return .finished(reply.link)
        }
    }

    /// ``OptoLink/checkPasteboard()``: with ``ClipboardReading/whenAppAsks``, during a first launch whose
    /// `/match` is not sent yet, reads the pasteboard now and hands the token to `/match`. Returns whether a
    /// click token was found; false (and no read) in every other case, and false at once for a cancelled
    /// caller.
    func checkPasteboard() async -> Bool {
        await wait(.tokenRead) { .pasteboardChecked(waiter: $0) }.flag
    }

    /// The session rule: `/sdk/session` when neither `/match` nor `/data` was sent in this launch (for a
    /// service that has sessions). Not while the SDK is disabled (a later identity call or event
    /// registers the device first). Returns once the rule has run.
    func finishLaunch() async {
        _ = await wait(.launchEnd) { .launchEnding(waiter: $0) }
    }

    // MARK: Running the machine

    /// Hands `event` to the machine (after the switch, read live, if it changed) and runs its effects.
    func send(_ event: LaunchEvent) {
        let isEnabled = deps.privacy.isEnabled
        if machine.progress.isEnabled != isEnabled {
            run(machine.handle(.privacyChanged(isEnabled: isEnabled)))
        }
        run(machine.handle(event))
    }

    /// Suspends until the machine answers the waiter `event` names (`kind`: what it waits for), or the
    /// calling task is cancelled (then at once, with ``LaunchWait/cancelledReply``).
    private func wait(_ kind: LaunchWait, _ event: (Int) -> LaunchEvent) async -> LaunchReply {
        let id = nextWaiter
        nextWaiter += 1
        let waiters = self.waiters
        waiters.open(id)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if waiters.park(id, continuation) { send(event(id)) }
            }
        } onCancel: {
            if waiters.cancel(id, with: kind.cancelledReply) {
                Task { await self.send(.waiterCancelled(waiter: id)) }
            }
        }
    }

    private func run(_ effects: [LaunchEffect]) {
        for effect in effects { run(effect) }
    }

    private func run(_ effect: LaunchEffect) {
        switch effect {
        case .resume(let waiter, let reply):
            waiters.resume(waiter, with: reply)
        case .readToken:
            let resolver = deps.resolver
            tokenRead = Task {
                let read = await resolver.readToken()
                self.send(.tokenRead(read))  // the task inherits the actor
            }
        case .cancelTokenRead:
            tokenRead?.cancel()
        case .startTokenTimer(let seconds):
            let clock = deps.clock
            tokenTimer = Task {
                do { try await clock.sleep(for: seconds) } catch { return }
                self.send(.tokenWaitExpired)
            }
        case .stopTokenTimer:
            tokenTimer?.cancel()
        case .match(let token):
            let resolver = deps.resolver
            let deviceId = currentDeviceId
            match = Task {
                let outcome = await resolver.match(token: token?.token, deviceId: deviceId)
                await resolver.finish(after: outcome, usedToken: token)
                self.send(.matchEnded(outcome))
            }
        case .cancelMatch:
            match?.cancel()
        case .registerSession:
            let registration = self.registration
            Task {
                await registration.registerUnlessSent()
                self.send(.sessionRegistrationEnded)
            }
        case .deliver(let link):
            if deps.deliver(link) { deps.emit(.linkDelivered(link)) }
        case .emit(let kind):
            deps.emit(kind)
        case .log(let level, let message):
            deps.log(level, message)
        case .markRegistered:
            registration.markRegistered()
        case .markFirstLaunchDone:
            deps.launchState.markFirstLaunchDone()
        case .markFirstLaunchPending:
            deps.launchState.markFirstLaunchPending()
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

    /// Cancels the pasteboard read, `/match` and the session registration, answers every waiter, and stops
    /// every direct open still running (at its next step: they run in their callers' tasks).
    func shutdown() async {
        send(.shutDown)
        recentOpens.stopRunning()
        await registration.shutdown()
    }
}

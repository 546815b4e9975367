import Foundation
internal import OptoLinkClientCore

/// The OptoLink SDK: deep links that survive the install, direct Universal Link opens, identity and
/// custom events, without ever blocking start-up or throwing into the app.
///
/// Start it once, as early as possible, and listen to ``links``:
///
/// ```swift
/// let configuration = try OptoLinkConfiguration.optoLink(
///     apiKey: "opl_sdk_…", orgKey: "demo", baseURL: URL(string: "https://links.example.com")!)
/// let optoLink = OptoLink.start(configuration: configuration)
///
/// Task {
///     for await link in optoLink.links { router.open(link.path, params: link.params) }
/// }
/// // SwiftUI: .onOpenURL { url in Task { await optoLink.handle(url: url) } }
/// ```
///
/// `start` returns at once. On the first launch of an install it then, in the background, reads the
/// click token from the pasteboard (when allowed), asks `/match`, and delivers a match on ``links``
/// (`isDeferred: true`). Links that arrive before anyone listens are kept for the first listener; each
/// link is delivered exactly once per listener. Failures never throw: they go to the configured logger
/// and to ``diagnostics``, and the call returns nil or false.
///
/// One instance is one launch, and one runs per process (per store): a second `start` returns the
/// running one, also available as ``shared``. In that launch, `/sdk/session` is
/// sent once, when the first-launch sequence has settled, if neither `/match` nor `/data` was sent;
/// identity calls and events wait for that moment and register a session first when the backend does not
/// know the device yet.
public final class OptoLink: Sendable {
    /// This SDK's version, sent in the `X-OptoLink-SDK` header.
    public static let sdkVersion = "0.1.0"

    /// The `X-OptoLink-SDK` header value: `ios/<version>` when built for iOS, and truthfully
    /// `macos/…`, `tvos/…`, `watchos/…`, `visionos/…`, `linux/…`, `windows/…` elsewhere.
    public static var sdkHeader: String { "\(sdkPlatform)/\(sdkVersion)" }

    /// The platform part of ``sdkHeader``: ``FingerprintCollector/platform`` in lower case (`ios`, `macos`,
    /// `tvos`, `watchos`, `visionos`, `linux`, `windows`).
    public static var sdkPlatform: String { FingerprintCollector.platform.lowercased() }

    /// The configuration this instance runs with.
    public let configuration: OptoLinkConfiguration
    /// OptoLink's endpoints, for tools and full control (shares this instance's diagnostics and request
    /// ids); nil when the ``OptoLinkConfiguration/service`` is another.
    public let api: OptoLinkAPI?
    /// This install's id for the service, kept in the store and lost on reinstall by design: OptoLink's
    /// device id (a UUIDv4), QubeRoute's install token (a UUID without hyphens)…; ``resetDevice()``
    /// replaces it.
    public var deviceId: String { coordinator.currentDeviceId }

    private let linkHub: Broadcaster<OptoLinkData>
    private let diagnosticHub: Broadcaster<Diagnostic>
    let coordinator: LaunchCoordinator
    let eventQueue: EventQueue
    let provider: any LinkProvider
    private let firstLaunchTask: Task<OptoLinkData?, Never>
    private let launchTask: Task<Void, Never>
    let shutdownFlag: ShutdownFlag
    let log: @Sendable (LogLevel, String) -> Void
    private let registry: InstanceRegistry
    private let store: any KeyValueStore
    /// What the debug inspector (the `OptoLinkInspector` product) reads beside the public API: a tap on
    /// the diagnostics that is never a listener (so the app's own listeners get exactly what they would
    /// without it), the clock, the device traits, the launch flag and the logger. `package`: not public API.
    package let inspection: InspectionHook
    let privacy: PrivacySwitch
    let emit: @Sendable (Diagnostic.Kind) -> Void

    /// Starts the SDK and returns at once; nothing here waits on the network.
    ///
    /// One instance runs per store, so one per process in an app (``OptoLinkEnvironment/live`` always
    /// uses the same store): a second `start` while the first runs returns the first, warns when its
    /// configuration differs (the first one's stays in force), and hands its `launchURL` to the running
    /// instance (``handle(url:)``, in a task of its own). ``shared`` is that instance. After
    /// ``shutdown()`` the next `start` on the store is a new launch. Tests and simulations run several
    /// devices side by side by giving each its own store (each `InMemoryKeyValueStore` is a device).
    ///
    /// - Parameters:
    ///   - configuration: your validated configuration.
    ///   - environment: the outside world (default ``OptoLinkEnvironment/live``).
    ///   - launchURL: the link that launched the app, if you have it at start (scene delegate
    ///     `willConnectTo` options, app delegate launch options). On a first launch it is delivered
    ///     directly and `/match` is skipped. Not ours (other host, other org)? It is ignored: route it yourself.
    /// - Returns: the running SDK; keep it for the life of the process, or read ``shared``.
    @discardableResult
    public static func start(
        configuration: OptoLinkConfiguration, environment: OptoLinkEnvironment = .live, launchURL: URL? = nil
    ) -> OptoLink {
        start(configuration: configuration, environment: environment, launchURL: launchURL, registry: .process)
    }

    /// The running instance your app started (the first started while none was shared), or nil before
    /// ``start(configuration:environment:launchURL:)`` and after its ``shutdown()``.
    public static var shared: OptoLink? { InstanceRegistry.process.shared }

    /// ``start(configuration:environment:launchURL:)`` in `registry` (tests use their own).
    static func start(
        configuration: OptoLinkConfiguration, environment: OptoLinkEnvironment, launchURL: URL?,
        registry: InstanceRegistry
    ) -> OptoLink {
        let (instance, isNew) = registry.instance(for: environment.store) {
            OptoLink(configuration: configuration, environment: environment, launchURL: launchURL, registry: registry)
        }
        if !isNew {
            if !instance.configuration.hasSameSettings(as: configuration) {
                instance.log(
                    .warning,
                    "OptoLink.start: an instance is already running on this store with another configuration; "
                        + "it is returned and keeps its configuration (call shutdown() first to start a new launch)")
            }
            if let launchURL, instance.canHandle(url: launchURL) {
                Task { await instance.handle(url: launchURL) }
            }
        }
        return instance
    }

    private init(
        configuration: OptoLinkConfiguration, environment: OptoLinkEnvironment, launchURL: URL?,
        registry: InstanceRegistry
    ) {
        let linkHub = Broadcaster<OptoLinkData>(pendingLimit: 64, limit: .unbounded)
        let diagnosticHub = Broadcaster<Diagnostic>(pendingLimit: 1000, limit: .newest(1000))
        let clock = environment.clock
        // Log lines at the configured level or above go to the app's logger and the ready-made destination;
        // diagnostics record every line. Lines made from diagnostics (info, debug) exist only when asked for.
        let threshold = configuration.logging.level
        let loggers = [configuration.logging.logger, configuration.logging.destination.makeLogger()].compactMap { $0 }
        let writeLine: @Sendable (LogLevel, String) -> Void = { level, message in
            guard level >= threshold else { return }
            for logger in loggers { logger(level, message) }
        }
        let linesFromDiagnostics = !loggers.isEmpty && threshold <= .info
        let record: @Sendable (Diagnostic) -> Void = { diagnostic in
            diagnosticHub.send(diagnostic)
            if linesFromDiagnostics, let line = diagnostic.kind.logLine { writeLine(line.level, line.message) }
        }
        let emit: @Sendable (Diagnostic.Kind) -> Void = { kind in record(Diagnostic(time: clock.now(), kind: kind)) }
        let log: @Sendable (LogLevel, String) -> Void = { level, message in
            writeLine(level, message)
            diagnosticHub.send(Diagnostic(time: clock.now(), kind: .log(level: level, message: message)))
        }
        let shutdownFlag = ShutdownFlag()
        let deliver: @Sendable (OptoLinkData) -> Bool = { link in
            guard !shutdownFlag.isSet else { return false }
            linkHub.send(link)
            return true
        }
        let runner = RequestRunner(
            transport: environment.transport, clock: clock, retryPolicy: configuration.retry,
            diagnostics: record)
        let provider = LinkProviders.make(configuration: configuration, runner: runner, log: log)
        let deviceId = provider.installID(store: environment.store)
        let launchState = LaunchState(store: environment.store)
        let privacy = PrivacySwitch(store: environment.store, enabledByDefault: configuration.privacy.enabledByDefault)
        if configuration.privacy.existingInstall, launchState.isFirstLaunch, !environment.isAppExtension {
            // An update from a version without the SDK: no deferred match for this install.
            launchState.markFirstLaunchDone()
            log(
                .info,
                "existingInstall: this install predates the SDK; its first launch is skipped (no /match, no "
                    + "pasteboard read)"
            )
        }
        let readings = PasteboardReadings()
        let resolver = DeferredLinkResolver(
            provider: provider, pasteboard: environment.pasteboard, deviceInfo: environment.deviceInfo,
            launchState: launchState, readings: readings)
        let coordinator = LaunchCoordinator(
            dependencies: .init(
                configuration: configuration, provider: provider, resolver: resolver, launchState: launchState,
                store: environment.store, deviceInfo: environment.deviceInfo, clock: clock, deviceId: deviceId,
                isAppExtension: environment.isAppExtension, emit: emit, log: log, deliver: deliver, privacy: privacy))
        if environment.isAppExtension, launchState.isFirstLaunch {
            log(
                .info,
                "OptoLink runs in an app extension: no first-launch sequence (no /match) and the pasteboard "
                    + "is never read; "
                    + "the containing app does both")
        }
        let launchCode = launchURL.flatMap(provider.linkKey(in:))

        let firstLaunchTask = Task { await coordinator.runFirstLaunch(launchURL: launchURL, key: launchCode) }
        let launchTask = Task {
            _ = await firstLaunchTask.value
            // Cancelled only by shutdown, which the session rule would refuse anyway.
            guard !firstLaunchTask.isCancelled else { return }
            await coordinator.finishLaunch()
        }
        // A service without events queues none: its queue only holds what an earlier configuration on this
        // install stored (``resetDevice()`` forgets it).
        let eventQueue = EventQueue(
            store: environment.store, eventStore: environment.eventStore,
            capacity: (configuration.events ?? OptoLinkConfiguration.Events()).queueCapacity, clock: clock,
            backoff: runner.retryPolicy,
            sender: { events in
                guard await coordinator.awaitLaunch() else { throw OptoLinkError.cancelled(nil) }
                let device = coordinator.device
                try await coordinator.registration.withRegisteredDevice { () async throws -> Void in
                    try await provider.send(events, installID: device.value)
                }
            },
            batchSize: provider.eventBatchSize, valueCheck: { provider.refusal(valueMinor: $0, currency: $1) },
            emit: emit, log: log, isEnabled: { privacy.isEnabled })

        self.configuration = configuration
        self.api = (provider as? OptoLinkLinkProvider)?.api
        self.privacy = privacy
        self.emit = emit
        self.linkHub = linkHub
        self.diagnosticHub = diagnosticHub
        self.coordinator = coordinator
        self.shutdownFlag = shutdownFlag
        self.eventQueue = eventQueue
        self.provider = provider
        self.firstLaunchTask = firstLaunchTask
        self.launchTask = launchTask
        self.log = log
        self.registry = registry
        self.inspection = InspectionHook(
            diagnostics: diagnosticHub, clock: clock, deviceInfo: environment.deviceInfo, launchState: launchState,
            log: log,
            coordinator: coordinator,
            pasteboard: environment.isAppExtension || configuration.clipboardReading == .never
                ? nil : environment.pasteboard, pasteboardReadings: readings)
        self.store = environment.store
        // The stored queue is read (and flushed) once the launch has settled: events cannot be sent
        // before that anyway, and a read racing the app's own start-up work would slow it down. `trackEvent`
        // and `queuedEventCount` read it earlier when they need it.
        Task {
            await launchTask.value
            await eventQueue.kick()
        }
    }

    // MARK: Streams

    /// Every link the app should route to, each delivered once: direct opens (``MatchMethod/direct``)
    /// and the first launch's deferred match (`isDeferred: true`).
    ///
    /// Each access returns a new listener. Links that arrived while nobody listened (a cold-start link,
    /// the deferred result) are kept and handed to the first listener that arrives. The stream finishes
    /// after ``shutdown()``.
    public var links: AsyncStream<OptoLinkData> { linkHub.stream() }

    /// Everything the SDK does, as ``Diagnostic`` values (requests, retries, matches, deliveries, events,
    /// log messages). Each access returns a new listener; values emitted while nobody listened are kept
    /// for the first listener. Bounded: at most 1 000 values are buffered (per listener and while nobody
    /// listens); the oldest are dropped first.
    public var diagnostics: AsyncStream<Diagnostic> { diagnosticHub.stream() }

    // MARK: Links

    /// Whether `url` is one of this org's links, `http(s)://<base host or a link domain>/<orgKey>/<shortCode>`,
    /// or uses one of your ``OptoLinkConfiguration/Links/urlSchemes``.
    public func canHandle(url: URL) -> Bool {
        provider.linkKey(in: url) != nil
    }

    /// Handles a Universal Link or `onOpenURL` URL: when it is ours (``canHandle(url:)``), fetches the
    /// link data and delivers it on ``links`` with ``MatchMethod/direct``, and returns it too (route from
    /// one of the two, not both). A URL with one of your ``OptoLinkConfiguration/Links/urlSchemes`` is read
    /// without a request and delivered the same way, with ``MatchMethod/customScheme``.
    ///
    /// Returns nil when the URL is not ours (route it yourself) or the link could not be resolved
    /// (logged). The same URL handled twice within 5 seconds (e.g. `launchURL` and `onOpenURL` both
    /// reporting the cold start) is one open: one request, one delivery.
    ///
    /// The request runs in the calling task: cancelling that task cancels the open (nothing is
    /// delivered). Call it from a task of its own, as in `Task { await optoLink.handle(url: url) }`, when
    /// the link must go through whatever happens to the code that received the URL.
    @discardableResult
    public func handle(url: URL) async -> OptoLinkData? {
        guard !shutdownFlag.isSet, let key = provider.linkKey(in: url) else { return nil }
        return await coordinator.open(url, key: key)
    }

    /// Waits for the first launch to settle and returns the link it resolved to: the deferred match, or
    /// the link that opened the app on its first launch. Nil on later launches, on no match, or on failure.
    /// The same link is also delivered on ``links``.
    ///
    /// While the SDK is disabled (``setEnabled(_:)``) the first launch waits and this returns nil at once
    /// (or as soon as the SDK is disabled while it waits); ask again after enabling it.
    public func resolveDeferredLink() async -> OptoLinkData? {
        await coordinator.firstLaunchResult()
    }

    /// Reads the click token from the pasteboard now, for the first launch's `/match`, when the
    /// configuration says ``ClipboardReading/whenAppAsks``.
    ///
    /// Call it when you choose to show iOS's paste prompt (for example after onboarding). The first
    /// launch's `/match` waits for this call at most ``OptoLinkConfiguration/Clipboard/checkTimeout``
    /// seconds (default 60), then goes without the token. Returns true when a click token was found.
    /// Does nothing and returns false on later launches, after `/match` was sent, after a link opened the
    /// first launch, and with ``ClipboardReading/never``; with ``ClipboardReading/atFirstLaunch`` the SDK
    /// reads by itself and this returns whether that read found a token.
    @discardableResult
    public func checkPasteboard() async -> Bool {
        guard !shutdownFlag.isSet else { return false }
        return await coordinator.checkPasteboard()
    }

    // MARK: Privacy

    /// Whether the SDK may talk to the backend about this device: the last ``setEnabled(_:)`` on this
    /// install, else ``OptoLinkConfiguration/Privacy/enabledByDefault`` (default true).
    public var isEnabled: Bool { privacy.isEnabled }

    /// Turns the SDK's data collection on or off for this install, at once and persisted (the choice
    /// outlives the process and wins over ``OptoLinkConfiguration/Privacy/enabledByDefault``).
    ///
    /// While disabled: the first launch does not read the pasteboard or send `/match` (it waits, its flag
    /// unset, and goes on if the SDK is enabled later in the launch); no `/sdk/session`, `/sdk/identity` or
    /// `/sdk/events` is sent; ``trackEvent(_:properties:)`` drops new events; ``setIdentity(_:)`` and
    /// ``clearIdentity()`` return false. Events queued before stay stored and are sent once enabled again
    /// (``resetDevice()`` forgets them). Links still work: ``handle(url:)`` resolves a tapped link, with
    /// `/data` sent without the device id, and custom schemes need no request. A request already on the
    /// wire finishes. Synchronous: call it from a settings toggle or a consent callback.
    public func setEnabled(_ enabled: Bool) {
        guard !shutdownFlag.isSet else { return }
        guard privacy.set(enabled) else { return }
        log(.info, enabled ? "OptoLink enabled" : "OptoLink disabled: no match, no session, identity or event calls")
        let coordinator = self.coordinator
        let eventQueue = self.eventQueue
        Task {
            await coordinator.privacyChanged()
            await eventQueue.privacyChanged()
        }
    }

    /// Forgets this install locally, as a reinstall would: the device id (a new one is used from now on),
    /// the first-launch flag (the next start runs the first-launch sequence again), the queued events and
    /// the record that the backend knows this device (so the next identity call or event registers the new
    /// device first).
    ///
    /// Nothing is sent: the backend keeps the old device's profile and any identity bound to it (call
    /// ``clearIdentity()`` before, while enabled, to unbind it there). The SDK keeps no user id locally.
    /// The enabled switch is kept. Use it for "log out and forget this device" or a privacy reset.
    public func resetDevice() async {
        guard !shutdownFlag.isSet else { return }
        await eventQueue.removeAll()
        await coordinator.resetDevice()
        log(
            .info,
            "resetDevice: this install now has a new device id; no queued events, the next start is a first launch")
    }

    // MARK: Lifecycle

    /// Cancels all background work and in-flight requests and finishes ``links`` and ``diagnostics``.
    /// A direct open in flight (it runs in its caller's task) makes no further attempt or wait and
    /// returns nil; an attempt already on the wire finishes first, and nothing is delivered after this.
    /// Queued events stay persisted. Frees this instance's slot: the next
    /// ``start(configuration:environment:launchURL:)``
    /// on its store is a new launch. For tests and tools (the dashboard's relaunch and reinstall); apps need not call
    /// it.
    public func shutdown() async {
        guard shutdownFlag.set() else { return }
        registry.release(self, store: store)
        firstLaunchTask.cancel()
        launchTask.cancel()
        await coordinator.shutdown()
        await eventQueue.shutdown()
        _ = await launchTask.value
        linkHub.finish()
        diagnosticHub.finish()
    }
}

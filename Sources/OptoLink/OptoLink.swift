import Foundation

/// The OptoLink SDK: deep links that survive the install, direct Universal Link opens, identity and
/// custom events, without ever blocking start-up or throwing into the app.
///
/// Start it once, as early as possible, and listen to ``links``:
///
/// ```swift
/// let configuration = try OptoLinkConfiguration(
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
    /// The endpoints, for tools and full control (shares this instance's diagnostics and request ids).
    public let api: OptoLinkAPI
    /// This install's device id (a UUIDv4 kept in the store; lost on reinstall by design).
    public let deviceId: String

    private let linkHub: Broadcaster<OptoLinkData>
    private let diagnosticHub: Broadcaster<Diagnostic>
    private let coordinator: LaunchCoordinator
    private let eventQueue: EventQueue
    private let matcher: LinkURLMatcher
    private let firstLaunchTask: Task<OptoLinkData?, Never>
    private let launchTask: Task<Void, Never>
    private let shutdownFlag: ShutdownFlag
    private let log: @Sendable (LogLevel, String) -> Void
    private let registry: InstanceRegistry
    private let store: any KeyValueStore

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
        configuration: OptoLinkConfiguration, environment: OptoLinkEnvironment, launchURL: URL?, registry: InstanceRegistry
    ) -> OptoLink {
        let (instance, isNew) = registry.instance(for: environment.store) {
            OptoLink(configuration: configuration, environment: environment, launchURL: launchURL, registry: registry)
        }
        if !isNew {
            if !instance.configuration.hasSameSettings(as: configuration) {
                instance.log(.warning, "OptoLink.start: an instance is already running on this store with another configuration; "
                    + "it is returned and keeps its configuration (call shutdown() first to start a new launch)")
            }
            if let launchURL, instance.canHandle(url: launchURL) {
                Task { await instance.handle(url: launchURL) }
            }
        }
        return instance
    }

    private init(configuration: OptoLinkConfiguration, environment: OptoLinkEnvironment, launchURL: URL?, registry: InstanceRegistry) {
        let linkHub = Broadcaster<OptoLinkData>(pendingLimit: 64, policy: .unbounded)
        let diagnosticHub = Broadcaster<Diagnostic>(pendingLimit: 1000, policy: .bufferingNewest(1000))
        let clock = environment.clock
        let emit: @Sendable (Diagnostic.Kind) -> Void = { kind in diagnosticHub.send(Diagnostic(time: clock.now(), kind: kind)) }
        let logger = configuration.logger
        let log: @Sendable (LogLevel, String) -> Void = { level, message in
            logger?(level, message)
            emit(.log(level: level, message: message))
        }
        let shutdownFlag = ShutdownFlag()
        let deliver: @Sendable (OptoLinkData) -> Bool = { link in
            guard !shutdownFlag.isSet else { return false }
            linkHub.send(link)
            return true
        }
        let api = OptoLinkAPI(
            configuration: configuration, transport: environment.transport, clock: clock,
            diagnostics: { diagnosticHub.send($0) })
        let deviceId = DeviceIdentifierStore(store: environment.store).deviceId()
        let launchState = LaunchState(store: environment.store)
        if configuration.existingInstall, launchState.isFirstLaunch, !environment.isAppExtension {
            // An update from a version without the SDK: no deferred match for this install.
            launchState.markFirstLaunchDone()
            log(.info, "existingInstall: this install predates the SDK; its first launch is skipped (no /match, no pasteboard read)")
        }
        let resolver = DeferredLinkResolver(
            api: api, pasteboard: environment.pasteboard, deviceInfo: environment.deviceInfo, launchState: launchState)
        let coordinator = LaunchCoordinator(
            dependencies: .init(
                configuration: configuration, api: api, resolver: resolver, launchState: launchState,
                store: environment.store, deviceInfo: environment.deviceInfo, clock: clock, deviceId: deviceId,
                isAppExtension: environment.isAppExtension, emit: emit, log: log, deliver: deliver))
        if environment.isAppExtension, launchState.isFirstLaunch {
            log(.info, "OptoLink runs in an app extension: no first-launch sequence (no /match) and the pasteboard is never read; "
                + "the containing app does both")
        }
        let matcher = LinkURLMatcher(configuration: configuration)
        let launchCode = launchURL.flatMap(matcher.shortCode(in:))

        let firstLaunchTask = Task { await coordinator.runFirstLaunch(launchURL: launchURL, shortCode: launchCode) }
        let launchTask = Task {
            _ = await firstLaunchTask.value
            await coordinator.finishLaunch()
        }
        let eventQueue = EventQueue(
            store: environment.store, eventStore: environment.eventStore, capacity: configuration.eventQueueCapacity, clock: clock,
            backoff: api.retryPolicy,
            sender: { event in
                await launchTask.value
                try await coordinator.send(event)
            },
            emit: emit, log: log)

        self.configuration = configuration
        self.api = api
        self.deviceId = deviceId
        self.linkHub = linkHub
        self.diagnosticHub = diagnosticHub
        self.coordinator = coordinator
        self.shutdownFlag = shutdownFlag
        self.eventQueue = eventQueue
        self.matcher = matcher
        self.firstLaunchTask = firstLaunchTask
        self.launchTask = launchTask
        self.log = log
        self.registry = registry
        self.store = environment.store
        // The stored queue is read (and flushed) once the launch has settled: events cannot be sent
        // before that anyway, and a read racing the app's own start-up work would slow it down (measured
        // by optolink-bench, row 1b). `trackEvent` and `queuedEventCount` read it earlier when they need it.
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

    /// Whether `url` is one of this org's links: `http(s)://<base host or a link domain>/<orgKey>/<shortCode>`.
    public func canHandle(url: URL) -> Bool {
        matcher.shortCode(in: url) != nil
    }

    /// Handles a Universal Link or `onOpenURL` URL: when it is ours (``canHandle(url:)``), fetches the
    /// link data and delivers it on ``links`` with ``MatchMethod/direct``, and returns it too (route from
    /// one of the two, not both).
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
        guard !shutdownFlag.isSet, let shortCode = matcher.shortCode(in: url) else { return nil }
        return await coordinator.open(url, shortCode: shortCode)
    }

    /// Waits for the first launch to settle and returns the link it resolved to: the deferred match, or
    /// the link that opened the app on its first launch. Nil on later launches, on no match, or on failure.
    /// The same link is also delivered on ``links``.
    public func resolveDeferredLink() async -> OptoLinkData? {
        await firstLaunchTask.value
    }

    /// Reads the click token from the pasteboard now, for the first launch's `/match`, when the
    /// configuration says ``ClipboardReading/whenAppAsks``.
    ///
    /// Call it when you choose to show iOS's paste prompt (for example after onboarding). The first
    /// launch's `/match` waits for this call at most ``OptoLinkConfiguration/pasteboardCheckTimeout``
    /// seconds (default 60), then goes without the token. Returns true when a click token was found.
    /// Does nothing and returns false on later launches, after `/match` was sent, after a link opened the
    /// first launch, and with ``ClipboardReading/never``; with ``ClipboardReading/atFirstLaunch`` the SDK
    /// reads by itself and this returns whether that read found a token.
    @discardableResult
    public func checkPasteboard() async -> Bool {
        guard !shutdownFlag.isSet else { return false }
        return await coordinator.checkPasteboard()
    }

    // MARK: Identity

    /// Binds this device to your user id (1–255 characters). Registers a session first when the backend
    /// does not know the device yet, so there is no 404. Returns false on failure (logged).
    @discardableResult
    public func setIdentity(_ externalId: String) async -> Bool {
        guard !shutdownFlag.isSet else { return false }
        guard (1...255).contains(externalId.utf16.count) else {
            log(.error, "setIdentity refused: externalId must be 1–255 characters, got \(externalId.utf16.count)")
            return false
        }
        await launchTask.value
        return await coordinator.setIdentity(externalId)
    }

    /// Unbinds this device from any user. Returns false on failure (logged).
    @discardableResult
    public func clearIdentity() async -> Bool {
        guard !shutdownFlag.isSet else { return false }
        await launchTask.value
        return await coordinator.clearIdentity()
    }

    // MARK: Events

    /// Queues a custom event and starts sending it; returns true when it was queued.
    ///
    /// The name must be 1–100 characters and the properties, as JSON, at most 10 240 bytes: otherwise the
    /// event is refused (logged), never truncated. Queued events are persisted before sending, sent in
    /// order, kept through network errors, 5xx and 429, and survive a restart. Delivery is at-least-once.
    @discardableResult
    public func trackEvent(_ name: String, properties: [String: JSONValue]? = nil) async -> Bool {
        guard !shutdownFlag.isSet else { return false }
        return await eventQueue.enqueue(name: name, properties: properties)
    }

    /// Sends the queued events now (skipping any retry wait) and returns when this attempt is over.
    public func flushEvents() async {
        guard !shutdownFlag.isSet else { return }
        await eventQueue.flushNow()
    }

    /// The number of events waiting to be sent.
    public func queuedEventCount() async -> Int {
        await eventQueue.count
    }

    // MARK: Lifecycle

    /// Cancels all background work and in-flight requests and finishes ``links`` and ``diagnostics``.
    /// A direct open in flight (it runs in its caller's task) makes no further attempt or wait and
    /// returns nil; an attempt already on the wire finishes first, and nothing is delivered after this.
    /// Queued events stay persisted. Frees this instance's slot: the next ``start(configuration:environment:launchURL:)``
    /// on its store is a new launch. For tests and tools (the dashboard's relaunch and reinstall); apps need not call it.
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

/// A one-way flag, readable synchronously.
///
/// `@unchecked Sendable` is safe: `value` is only touched while `lock` is held.
private final class ShutdownFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Sets the flag; returns false when it was already set.
    func set() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if value { return false }
        value = true
        return true
    }
}

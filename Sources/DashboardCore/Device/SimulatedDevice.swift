import Foundation
import OptoLink
import OptoLinkTesting

/// A simulated iPhone running the real ``OptoLink`` SDK: an `InMemoryKeyValueStore` (kept across
/// relaunches, replaced by a reinstall), an `InMemoryPasteboard` (the system's: it survives reinstalls),
/// `FixedDeviceInfo` from the app-side fingerprint, and the real `URLSessionTransport` wrapped so every
/// request carries the device's network address in `X-Forwarded-For`.
///
/// ```swift
/// let device = SimulatedDevice(settings: DeviceSettings(target: target))
/// try await device.launch()                     // install #1, first launch: /match runs
/// let link = await device.resolveDeferredLink()
/// await device.reinstall()                      // new store: new device id, install #2
/// ```
///
/// One launch is one `OptoLink.start`; a relaunch shuts the old instance down first. Every diagnostic is
/// recorded in ``recorder`` and handed to the observer given at creation, in order.
package actor SimulatedDevice {
    /// Diagnostics and delivered links of every launch.
    package nonisolated let recorder = DeviceRecorder()
    /// The device's pasteboard (survives reinstalls, like the system pasteboard).
    package nonisolated let pasteboard = InMemoryPasteboard()
    /// The settings of the next launch.
    package private(set) var settings: DeviceSettings
    /// 1 for the first install, +1 per reinstall.
    package private(set) var installNumber = 1
    /// Launches so far (SDK instances started).
    package private(set) var launchCount = 0

    private var store = InMemoryKeyValueStore()
    private var sdk: OptoLink?
    private var forwarders: [Task<Void, Never>] = []
    private var hasRunOnThisInstall = false
    private var firstSeenAt: String?
    private var lastSeenAt: String?
    private var identity: String?
    private let address: AddressBox
    /// The app's language, sent as `Accept-Language` as iOS's URLSession does.
    private let language: AddressBox
    private let transport: any HTTPTransport
    /// The calls the device's transport made that no diagnostic claimed yet (see ``ExchangeLog``).
    package nonisolated let exchangeLog = ExchangeLog()
    private let clock = SystemClock()
    private let idSpace: RequestIDSpace
    private let observer: @Sendable (SimulatedDevice, RecordedDiagnostic) async -> Void

    /// Creates a device that has the app downloaded but never launched.
    /// - Parameters:
    ///   - settings: backend, traits and SDK settings.
    ///   - idSpace: shared request-id offsets (share one across devices shown on one timeline).
    ///   - observer: called with this device and every diagnostic, in order, after it was recorded.
    ///   - network: what sends the requests (default the real `URLSessionTransport`; tests may script it). It is
    ///     wrapped by a ``RecordingTransport`` (for the request inspector) and a ``ForwardedForTransport``.
    package init(
        settings: DeviceSettings, idSpace: RequestIDSpace = RequestIDSpace(),
        observer: @escaping @Sendable (SimulatedDevice, RecordedDiagnostic) async -> Void = { _, _ in },
        network: any HTTPTransport = URLSessionTransport()
    ) {
        self.settings = settings
        self.idSpace = idSpace
        self.observer = observer
        let address = AddressBox(settings.app.networkAddress)
        self.address = address
        let language = AddressBox(settings.app.language)
        self.language = language
        self.transport = ForwardedForTransport(
            base: RecordingTransport(base: network, log: exchangeLog, clock: clock), address: { address.value },
            appLanguage: { language.value })
    }

    /// Whether an SDK instance is running.
    package var isRunning: Bool { sdk != nil }

    /// The SDK's device id in the store (empty before the first launch of this install).
    ///
    /// The id the service sees: QubeRoute's install token, else the SDK's device id.
    package var deviceId: String { store.string(forKey: settings.target.profile.installIDKey) ?? "" }

    /// The network address the device's requests come from now.
    package nonisolated var networkAddress: String { address.value }

    /// Whether the first launch of this install has settled (`optolink_first_launch_done`).
    package var isFirstLaunchDone: Bool { store.bool(forKey: LaunchState.key) }

    // MARK: Settings

    /// Changes the app-side traits (the network address applies to the next request, the rest to the next launch).
    package func setApp(_ values: FingerprintValues) {
        settings.app = values
        address.value = values.networkAddress
        language.value = values.language
    }

    /// Allows or forbids reading the pasteboard (applies to the next launch, as `clipboardEnabled` does in an app).
    package func setClipboardEnabled(_ enabled: Bool) { settings.clipboardEnabled = enabled }

    // MARK: Lifecycle

    /// Launches the app: `OptoLink.start` on this install's store (shutting down a running instance first).
    /// - Parameter launchURL: the link that opened the app (a cold start), if any.
    /// - Throws: ``DashboardError/usage(_:)`` when the SDK refuses the configuration (bad key or org).
    package func launch(launchURL: URL? = nil) async throws(DashboardError) {
        await stopSDK()
        let configuration: OptoLinkConfiguration
        do {
            configuration = try settings.target.profile.configuration(settings: settings, address: address)
        } catch {
            throw .usage("the SDK refused its \(settings.target.service.displayName) configuration: \(error)")
        }
        launchCount += 1
        hasRunOnThisInstall = true
        let launch = launchCount
        let offset = idSpace.highest
        let app = settings.app
        let environment = OptoLinkEnvironment(
            store: store, pasteboard: pasteboard,
            deviceInfo: FixedDeviceInfo(
                Fingerprint(
                    platform: app.platform, osVersion: app.osVersion, deviceModel: app.deviceModel,
                    language: app.language, timezone: app.timezone),
                screen: DeviceScreens.screen(of: app.deviceModel)),
            transport: transport, clock: clock)
        let sdk = OptoLink.start(configuration: configuration, environment: environment, launchURL: launchURL)
        self.sdk = sdk
        let diagnostics = sdk.diagnostics
        let links = sdk.links
        let recorder = self.recorder
        let idSpace = self.idSpace
        let observer = self.observer
        let exchangeLog = self.exchangeLog
        forwarders.append(
            Task {
                var correlator = ExchangeCorrelator(log: exchangeLog, idOffset: offset)
                for await diagnostic in diagnostics {
                    if let id = diagnostic.kind.requestID { idSpace.observe(id + offset) }
                    var record = RecordedDiagnostic(
                        launch: launch, diagnostic: diagnostic,
                        event: DiagnosticMapper.event(diagnostic.kind, idOffset: offset))
                    record.exchange = correlator.exchange(for: diagnostic)
                    self.note(diagnostic.kind)
                    recorder.record(record)
                    await observer(self, record)
                }
            })
        forwarders.append(
            Task {
                for await link in links { recorder.record(link: link) }
            })
    }

    /// Quits the app and launches it again on the same store (install number unchanged).
    package func relaunch() async throws(DashboardError) {
        try await launch()
    }

    /// Deletes the app and installs it again: a new store (new device id, first launch pending), install
    /// number + 1. The app is not launched. The pasteboard is the system's and stays.
    package func reinstall() async {
        await stopSDK()
        store = InMemoryKeyValueStore()
        installNumber += 1
        hasRunOnThisInstall = false
        firstSeenAt = nil
        lastSeenAt = nil
        identity = nil
    }

    /// Forgets that the first launch happened (the flag only, the install's id stays), as a restored
    /// backup or an app that clears its flags would: the next launch runs the first-launch sequence again.
    package func forgetFirstLaunch() {
        store.removeValue(forKey: LaunchState.key)
    }

    /// Installs the app and launches it for the first time: a reinstall (unless this install never ran),
    /// then a launch.
    package func installAndLaunch(launchURL: URL? = nil) async throws(DashboardError) {
        if hasRunOnThisInstall { await reinstall() }
        try await launch(launchURL: launchURL)
    }

    /// Shuts the running SDK instance down (its diagnostics are all forwarded when this returns).
    package func stopSDK() async {
        if let sdk { await sdk.shutdown() }
        sdk = nil
        for forwarder in forwarders { await forwarder.value }
        forwarders = []
    }

    // MARK: The app's calls

    /// Opens `url` in the app (a link, or one of the app's URL schemes): `handle(url:)` when the app runs,
    /// else a cold start with `launchURL`.
    /// - Returns: what `handle(url:)` returned (nil for a cold start: it delivers on the link stream).
    @discardableResult
    package func open(url: URL) async throws(DashboardError) -> OptoLinkData? {
        if let sdk { return await sdk.handle(url: url) }
        try await launch(launchURL: url)
        return nil
    }

    /// `resolveDeferredLink()` of the running instance (nil when none runs).
    package func resolveDeferredLink() async -> OptoLinkData? {
        await sdk?.resolveDeferredLink()
    }

    /// `setIdentity(_:)`.
    package func setIdentity(_ externalId: String) async throws(DashboardError) -> Bool {
        try await requireSDK().setIdentity(externalId)
    }

    /// `clearIdentity()`.
    package func clearIdentity() async throws(DashboardError) -> Bool {
        try await requireSDK().clearIdentity()
    }

    /// `trackEvent(_:properties:)`: true when queued.
    package func trackEvent(_ name: String, properties: [String: JSONValue]? = nil) async throws(DashboardError) -> Bool
    {
        try await requireSDK().trackEvent(name, properties: properties)
    }

    /// The profile pane's values.
    package func profile() async -> DeviceProfile {
        let queued: Int
        if let sdk {
            queued = await sdk.queuedEventCount()
        } else {
            queued = store.events.events.count
        }
        return DeviceProfile(
            deviceId: deviceId, installNumber: installNumber, isFirstLaunch: !isFirstLaunchDone,
            firstSeenAt: firstSeenAt, lastSeenAt: lastSeenAt, identity: identity, clipboard: pasteboard.content,
            clipboardReadingEnabled: settings.clipboardEnabled, queuedEvents: queued)
    }

    private func requireSDK() throws(DashboardError) -> OptoLink {
        guard let sdk else {
            throw .usage("the app is not running: press i (install + first launch) or l (launch) first")
        }
        return sdk
    }

    private func note(_ kind: Diagnostic.Kind) {
        switch kind {
        case .sessionRegistered(_, let first, let last):
            firstSeenAt = first
            lastSeenAt = last
        case .identityChanged(let externalId):
            identity = externalId
        default:
            break
        }
    }
}

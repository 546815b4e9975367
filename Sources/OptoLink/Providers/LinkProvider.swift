import Foundation

/// What differs per service, behind the one facade: which incoming URLs are the service's links, the
/// requests that resolve them, the first launch's deferred request, sessions and identity (OptoLink
/// only), and how events are sent. One implementation per service, in `Providers/<Service>/`.
///
/// The facade and ``LaunchCoordinator`` decide *whether* and *when* (first launch only, once per open,
/// the event queue's order and retries); a provider only builds requests, sends them through the
/// shared ``RequestRunner`` and maps the answers into ``OptoLinkData``. Every method throws
/// ``OptoLinkError`` and never traps, whatever the service answers.
protocol LinkProvider: Sendable {
    /// The service.
    var service: OptoLinkService { get }

    /// This install's id for the service (OptoLink's device id, QubeRoute's install token…), made and
    /// stored in `store` the first time.
    func installID(store: any KeyValueStore) -> String

    /// The store key ``installID(store:)`` keeps the id under (``OptoLink/resetDevice()`` removes it).
    var installIDKey: String { get }

    /// The key ``open(key:url:installID:isStopped:onLink:)`` resolves `url` with, when `url` is one of
    /// the service's links, and whether that open sends a request (one of the app's URL schemes,
    /// ``CustomSchemeLink``, is read locally and sends none); nil when it is not (the app routes it itself).
    /// Read once per open: the URL is matched here only.
    func linkKey(in url: URL) -> LinkKey?

    /// Resolves a direct open. Hands the link to `onLink` as soon as it is known (before returning it);
    /// nil when the service has no link behind the URL (nothing is delivered). `installID` is nil while
    /// the SDK is disabled (``OptoLink/setEnabled(_:)``): the request then goes without it.
    func open(
        key: LinkKey, url: URL, installID: String?, isStopped: (@Sendable () -> Bool)?,
        onLink: @escaping @Sendable (OptoLinkData) -> Void
    ) async throws(OptoLinkError) -> OptoLinkData?

    /// Whether the first-launch flag is set *before* the deferred request (QubeRoute and Deep Blue, as
    /// their seeds do: asked once, whatever happens) rather than when it settled (OptoLink, as Flutter).
    var marksFirstLaunchBeforeMatch: Bool { get }

    /// The first launch's deferred request; nil when the service found no link.
    func match(clipboardToken: String?, installID: String, deviceInfo: any DeviceInfoProvider)
        async throws(OptoLinkError) -> OptoLinkData?

    /// Whether the service has OptoLink's `/sdk/session` (the session rule, and registering before
    /// identity and events).
    var hasSessions: Bool { get }

    /// Registers the device (only when ``hasSessions``).
    func registerSession(installID: String, fingerprint: Fingerprint) async throws(OptoLinkError) -> SessionInfo

    /// Whether the service binds devices to users (``OptoLink/setIdentity(_:)``).
    var hasIdentity: Bool { get }

    /// Binds the device to `externalId` (only when ``hasIdentity``).
    func setIdentity(externalId: String, installID: String, fingerprint: Fingerprint) async throws(OptoLinkError)
        -> IdentityBinding

    /// Unbinds the device (only when ``hasIdentity``).
    func clearIdentity(installID: String) async throws(OptoLinkError) -> IdentityBinding

    /// How many queued events one request carries; 0 when the service takes no events from an app.
    var eventBatchSize: Int { get }

    /// Why the service would refuse an event with this value, or nil (checked at `trackEvent`, before
    /// the event is queued). Only QubeRoute's events carry one (``OptoLink/quberoute``): the others are
    /// never given a value.
    func refusal(valueMinor: Int?, currency: String?) -> String?

    /// Sends events (at most ``eventBatchSize``, oldest first) in one request.
    func send(_ events: [QueuedEvent], installID: String) async throws(OptoLinkError)
}

extension LinkProvider {
    var marksFirstLaunchBeforeMatch: Bool { true }
    var hasSessions: Bool { false }
    var hasIdentity: Bool { false }
    var installIDKey: String { DeviceIdentifierStore.key }

    func registerSession(installID: String, fingerprint: Fingerprint) async throws(OptoLinkError) -> SessionInfo {
        throw .unsupported("registerSession", by: service, because: "has no session endpoint")
    }

    func setIdentity(externalId: String, installID: String, fingerprint: Fingerprint) async throws(OptoLinkError)
        -> IdentityBinding
    {
        throw .unsupported("setIdentity", by: service, because: "does not bind devices to users")
    }

    func clearIdentity(installID: String) async throws(OptoLinkError) -> IdentityBinding {
        throw .unsupported("clearIdentity", by: service, because: "does not bind devices to users")
    }

    func refusal(valueMinor: Int?, currency: String?) -> String? {
        valueMinor == nil && currency == nil ? nil : "\(service.displayName) events carry no value"
    }

    func send(_ events: [QueuedEvent], installID: String) async throws(OptoLinkError) {
        throw .unsupported("trackEvent", by: service, because: "takes no events from an app")
    }
}

/// Makes the provider a configuration names.
enum LinkProviders {
    /// `log` reaches the configured logger and the diagnostics (a provider says there why no link came).
    /// OptoLink's provider holds the ``OptoLinkAPI`` the facade offers as ``OptoLink/api``.
    static func make(
        configuration: OptoLinkConfiguration, runner: RequestRunner,
        log: @escaping @Sendable (LogLevel, String) -> Void = { _, _ in }
    ) -> any LinkProvider {
        switch configuration.credentials {
        case .optoLink(let clientKey, let orgKey):
            return OptoLinkLinkProvider(
                api: OptoLinkAPI(configuration: configuration, clientKey: clientKey, orgKey: orgKey, runner: runner))
        case .quberoute(let key):
            return QubeRouteProvider(configuration: configuration, key: key, runner: runner, log: log)
        case .deepBlue(let key):
            return DeepBlueProvider(configuration: configuration, key: key, runner: runner)
        case .appsFlyer(let appID, let hook):
            return AppsFlyerProvider(configuration: configuration, appID: appID, hook: hook, runner: runner)
        }
    }
}

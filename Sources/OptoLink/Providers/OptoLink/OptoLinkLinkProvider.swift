import Foundation

/// OptoLink (seed 000) behind ``LinkProvider``: ``OptoLinkAPI``'s endpoints, links recognized by
/// ``LinkURLMatcher`` (`http(s)://<link host>/<orgKey>/<shortCode>`, and the app's own URL schemes read
/// locally by ``CustomSchemeLink``, as Deep Blue routes its schemes), the clipboard token on `/match`,
/// the first-launch flag set when `/match` settled, `/sdk/session` and identity, one event per request.
struct OptoLinkLinkProvider: LinkProvider {
    let api: OptoLinkAPI
    let matcher: LinkURLMatcher

    init(api: OptoLinkAPI) {
        self.api = api
        self.matcher = LinkURLMatcher(configuration: api.configuration)
    }

    var service: OptoLinkService { .optoLink }
    var marksFirstLaunchBeforeMatch: Bool { false }
    var hasSessions: Bool { true }
    var hasIdentity: Bool { true }
    var eventBatchSize: Int { 1 }

    func installID(store: any KeyValueStore) -> String {
        DeviceIdentifierStore(store: store).deviceId()
    }

    /// The short code of a short link; the URL itself for one of the app's schemes.
    func linkKey(in url: URL) -> LinkKey? {
        switch matcher.target(for: url) {
        case .shortCode(let code)?: return LinkKey(text: code, sendsRequest: true)
        case .customScheme?: return LinkKey(text: url.absoluteString, sendsRequest: false)
        case nil: return nil
        }
    }

    func open(
        key: LinkKey, url: URL, installID: String?, isStopped: (@Sendable () -> Bool)?,
        onLink: @escaping @Sendable (OptoLinkData) -> Void
    ) async throws(OptoLinkError) -> OptoLinkData? {
        guard key.sendsRequest else {
            guard let link = matcher.customSchemeLink(in: url) else { return nil }
            onLink(link)
            return link
        }
        return try await api.linkData(shortCode: key.text, deviceId: installID, isStopped: isStopped, onLink: onLink)
    }

    func match(clipboardToken: String?, installID: String, deviceInfo: any DeviceInfoProvider)
        async throws(OptoLinkError) -> OptoLinkData?
    {
        try await api.match(clipboardToken: clipboardToken, deviceId: installID, fingerprint: deviceInfo.fingerprint())
    }

    func registerSession(installID: String, fingerprint: Fingerprint) async throws(OptoLinkError) -> SessionInfo {
        try await api.registerSession(deviceId: installID, fingerprint: fingerprint)
    }

    func setIdentity(externalId: String, installID: String, fingerprint: Fingerprint) async throws(OptoLinkError)
        -> IdentityBinding
    {
        try await api.setIdentity(externalId: externalId, deviceId: installID, fingerprint: fingerprint)
    }

    func clearIdentity(installID: String) async throws(OptoLinkError) -> IdentityBinding {
        try await api.clearIdentity(deviceId: installID)
    }

    func send(_ events: [QueuedEvent], installID: String) async throws(OptoLinkError) {
        for event in events {
            try await api.sendEvent(name: event.name, properties: event.properties, deviceId: installID)
        }
    }
}

extension LaunchCoordinator.Dependencies {
    /// Dependencies for OptoLink itself, from its ``OptoLinkAPI`` (tests drive the coordinator this way).
    init(
        configuration: OptoLinkConfiguration, api: OptoLinkAPI, resolver: DeferredLinkResolver,
        launchState: LaunchState,
        store: any KeyValueStore, deviceInfo: any DeviceInfoProvider, clock: any OptoLinkClock, deviceId: String,
        isAppExtension: Bool, emit: @escaping @Sendable (Diagnostic.Kind) -> Void,
        log: @escaping @Sendable (LogLevel, String) -> Void,
        deliver: @escaping @Sendable (OptoLinkData) -> Bool
    ) {
        self.init(
            configuration: configuration, provider: OptoLinkLinkProvider(api: api), resolver: resolver,
            launchState: launchState,
            store: store, deviceInfo: deviceInfo, clock: clock, deviceId: deviceId, isAppExtension: isAppExtension,
            emit: emit,
            log: log, deliver: deliver)
    }
}

extension DeferredLinkResolver {
    /// OptoLink's resolver, from its ``OptoLinkAPI``.
    init(api: OptoLinkAPI, pasteboard: any Pasteboard, deviceInfo: any DeviceInfoProvider, launchState: LaunchState) {
        self.init(
            provider: OptoLinkLinkProvider(api: api), pasteboard: pasteboard, deviceInfo: deviceInfo,
            launchState: launchState)
    }
}

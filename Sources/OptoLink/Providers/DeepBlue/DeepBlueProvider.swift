import Foundation

/// Deep Blue Links (seed 004) behind ``LinkProvider``:
///
/// - `Api-Key: <key>` and `Content-Type: application/json` on every request.
/// - Direct open of a URL on a link host: `POST /api/links/resolve {url}` → `{id, longUrl, shortUrl,
///   isSandbox}`, routed by `longUrl`'s path and query. **404 means "not a short link: route by the URL
///   itself"**: delivered as a link built from the URL (``DeepBlueAnswer/notShortLinkField`` set), not an error.
/// - A URL with one of the app's schemes (`myapp://products/1234`) routes to `/products/1234` with no
///   request (its host is the first path segment).
/// - First launch: `POST /api/links/check-deferred {timezone, device{screenWidth, screenHeight,
///   language}}`, the IANA time zone and the screen in pixels (``DeviceInfoProvider/screen()``; `device`
///   is left out when there is no screen, as the seed's optional `device`), asked once: the flag is set
///   before the call, as the seed does. 404 is the normal "no link".
/// - No events, sessions or identity endpoints: `trackEvent` and `setIdentity` are refused (logged).
struct DeepBlueProvider: LinkProvider {
    let configuration: OptoLinkConfiguration
    let runner: RequestRunner
    let hosts: LinkHosts
    let schemes: Set<String>

    /// `key` is the app's API key, sent as `Api-Key`.
    init(configuration: OptoLinkConfiguration, key: String, runner: RequestRunner) {
        self.configuration = configuration
        self.runner = runner
        self.hosts = LinkHosts(configuration: configuration)
        self.schemes = Set(configuration.links.urlSchemes)
        self.headers = ProviderSupport.jsonHeaders(["Api-Key": key])
        self.resolveURL = ProviderSupport.endpointURL(Self.resolvePath, configuration: configuration)
    }

    private static let resolvePath = "/api/links/resolve"
    /// The resolve URL, made once (every direct open posts to it).
    private let resolveURL: URL?

    var service: OptoLinkService { .deepBlue }
    var eventBatchSize: Int { 0 }

    /// Deep Blue has no install id; the facade's ``OptoLink/deviceId`` is the SDK's own device id, never sent.
    func installID(store: any KeyValueStore) -> String {
        DeviceIdentifierStore(store: store).deviceId()
    }

    func linkKey(in url: URL) -> LinkKey? {
        if isCustomScheme(url) { return LinkKey(text: url.absoluteString, sendsRequest: false) }
        return ProviderSupport.isLink(url, hosts: hosts) ? LinkKey(text: url.absoluteString, sendsRequest: true) : nil
    }

    private func isCustomScheme(_ url: URL) -> Bool {
        CustomSchemeLink.isCustomScheme(url, schemes: schemes)
    }

    /// The headers of every request, made once.
    private let headers: [String: String]

    private struct DeferredBody: Encodable {
        struct Device: Encodable {
            var screenWidth: Double
            var screenHeight: Double
            var language: String
        }

        var timezone: String
        var device: Device?
    }

    func open(
        key: LinkKey, url: URL, installID: String?, isStopped: (@Sendable () -> Bool)?,
        onLink: @escaping @Sendable (OptoLinkData) -> Void
    ) async throws(OptoLinkError) -> OptoLinkData? {
        guard key.sendsRequest else {
            guard let link = DeepBlueAnswer.customScheme(url, schemes: schemes) else { return nil }
            onLink(link)
            return link
        }
        let request = try ProviderSupport.post(
            resolveURL, path: Self.resolvePath, strings: ["url": key.text], headers: headers,
            configuration: configuration)
        do {
            // A short link is handed over from the transport's callback (``ProviderSupport/openEarly``).
            return try await ProviderSupport.openEarly(
                request, runner: runner, isStopped: isStopped,
                parse: { response throws(OptoLinkError) in try DeepBlueAnswer.link(response, isDeferred: false) },
                onLink: onLink
            ).link
        } catch  where error == .httpStatus && error.status == 404 {
            let link = DeepBlueAnswer.notShortLink(url)
            onLink(link)
            return link
        }
    }

    func match(clipboardToken: String?, installID: String, deviceInfo: any DeviceInfoProvider)
        async throws(OptoLinkError) -> OptoLinkData?
    {
        let fingerprint = deviceInfo.fingerprint()
        let device = await deviceInfo.screen().map { screen in
            DeferredBody.Device(screenWidth: screen.width, screenHeight: screen.height, language: fingerprint.language)
        }
        let body = DeferredBody(timezone: fingerprint.timezone, device: device)
        let request = try ProviderSupport.post(
            "/api/links/check-deferred", body: body, headers: headers, configuration: configuration)
        do {
            return try DeepBlueAnswer.link(try await runner.perform(request, endpoint: .match), isDeferred: true)
        } catch  where error == .httpStatus && error.status == 404 {
            return nil
        }
    }
}

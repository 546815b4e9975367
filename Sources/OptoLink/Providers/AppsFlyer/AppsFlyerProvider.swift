import Foundation

/// AppsFlyer's server-to-server deep-link request (seed 003), the in-app side, behind ``LinkProvider``.
///
/// The SDK never holds the DevKey. On the first launch it builds the body (`is_first` `"true"`, `lang`,
/// `os`, `timestamp` as `2015-01-22T08:45:33.412` in UTC, `type` the device model, `request_id` the SDK's
/// device id) and either asks the app's signing hook for `{ip, af_sig}` and sends
/// `POST <base>/ios/<app_id>?af_sig=…` with `ip` itself, or hands the request (without `ip`) to the app's
/// relay hook (``AppsFlyerHook``). Either way through the SDK's retries: no answer and 5xx (503, 504)
/// retried, a 400 `{code, message}` final.
///
/// The answer `{found, click_event{…, custom_params, match_type}}` maps as ``AppsFlyerAnswer`` says.
/// No direct opens (the S2S API resolves no URL), no events, sessions or identity.
struct AppsFlyerProvider: LinkProvider {
    let configuration: OptoLinkConfiguration
    let runner: RequestRunner
    /// The app id in the path (`id123456789`).
    let appID: String
    /// How the request is signed or made (never with a DevKey in the app).
    let hook: AppsFlyerHook
    let now: @Sendable () -> Date
    /// `/ios/<app_id>`, and the endpoint's URL text `<base>/ios/<app_id>`, made once: each request only adds
    /// its signature.
    private let path: String
    private let endpoint: String

    init(
        configuration: OptoLinkConfiguration, appID: String, hook: AppsFlyerHook, runner: RequestRunner,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.appID = appID
        self.hook = hook
        switch hook.kind {
        case .signing: self.runner = runner
        case .relay(let call): self.runner = runner.with(transport: RelayTransport(call: call))
        }
        self.now = now
        self.path =
            "/ios/"
            + (OptoLinkAPI.percentEncoded(appID, allowed: OptoLinkAPI.segmentAllowed) ?? appID)
        self.endpoint = ProviderSupport.endpointText(path, configuration: configuration)
    }

    var service: OptoLinkService { .appsFlyer }
    var eventBatchSize: Int { 0 }

    func installID(store: any KeyValueStore) -> String {
        DeviceIdentifierStore(store: store).deviceId()
    }

    /// The headers of every request (the signature goes in the query), made once.
    private static let headers = ProviderSupport.jsonHeaders([:])

    /// AppsFlyer's S2S API resolves no URL: none is ours.
    func linkKey(in url: URL) -> LinkKey? { nil }

    func open(
        key: LinkKey, url: URL, installID: String?, isStopped: (@Sendable () -> Bool)?,
        onLink: @escaping @Sendable (OptoLinkData) -> Void
    ) async throws(OptoLinkError) -> OptoLinkData? {
        nil
    }

    /// `2015-01-22T08:45:33.412`: ISO 8601 UTC with milliseconds and no zone letter, as the seed's example.
    static func timestamp(_ date: Date) -> String {
        EventQueue.timestamp(date, zoneLetter: false)
    }

    func match(clipboardToken: String?, installID: String, deviceInfo: any DeviceInfoProvider)
        async throws(OptoLinkError) -> OptoLinkData?
    {
        let fingerprint = deviceInfo.fingerprint()
        let timestamp = Self.timestamp(now())
        // Seed 003's required fields and `request_id`, all strings; `ip` only when the SDK sends the request.
        var body = [
            "is_first": "true", "lang": fingerprint.language, "os": fingerprint.osVersion, "timestamp": timestamp,
            "type": fingerprint.deviceModel, "request_id": installID,
        ]
        var query: String?
        if case .signing(let sign) = hook.kind {
            let signature: AppsFlyerSignature
            do {
                // The app's backend, held to the configuration's timeout like a request attempt: a hook that
                // never answers ends the first launch at the deadline instead of holding it.
                signature = try await runner.withDeadline(configuration.timeout) { try await sign(timestamp) }
            } catch {
                throw .transport(error)
            }
            guard signature.signature.utf8.count == 64,
                signature.signature.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
            else {
                throw .argument("The signing hook's af_sig is not 64 lowercase hexadecimal digits")
            }
            body["ip"] = signature.ip
            query = "af_sig=" + signature.signature
        }
        let request = try ProviderSupport.post(
            ProviderSupport.url(endpoint, query: query), path: path, strings: body,
            headers: Self.headers, configuration: configuration)
        return try AppsFlyerAnswer.link(try await runner.perform(request, endpoint: .match))
    }
}

/// The relay hook as a transport, so the SDK's request loop (deadlines, retries, diagnostics) runs around it.
private struct RelayTransport: HTTPTransport {
    let call: @Sendable (HTTPRequest) async throws -> HTTPResponse

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await call(request)
    }
}

import Foundation
internal import OptoLinkClientCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The backend's SDK endpoints, one `async throws` method each, with the ``RetryPolicy`` applied and
/// every attempt reported as a ``Diagnostic``.
///
/// The facade ``OptoLink`` uses this and never throws; use it directly for tools, tests and full control.
/// Headers follow the backend's split exactly: `X-API-Key` on `/match` and `/data`,
/// `Authorization: Bearer` on `/sdk/*`; every request carries `X-OptoLink-SDK: <os>/<version>`
/// (``OptoLink/sdkHeader``). Bodies hold only the fields the backend whitelists.
///
/// ```swift
/// let api = try OptoLinkAPI(configuration: configuration, transport: URLSessionTransport())
/// let link = try await api.linkData(shortCode: "summer", deviceId: deviceId)
/// ```
public final class OptoLinkAPI: Sendable {
    /// The configuration the requests are built from.
    public let configuration: OptoLinkConfiguration
    /// The retry policy: the configuration's, unless one was given.
    public let retryPolicy: RetryPolicy
    /// The CLIENT key (`opl_sdk_…`).
    private let clientKey: String
    /// The org key, the first path segment of the links.
    private let orgKey: String
    private let runner: RequestRunner
    /// `<baseURL>/<orgKey>/`, built once (every direct open starts with it).
    private let linkPrefix: String
    /// The `/data` headers, built once.
    private let keyHeadersGet: [String: String]

    /// Creates an API client for an OptoLink configuration, one made by
    /// ``OptoLinkConfiguration/optoLink(apiKey:orgKey:baseURL:links:clipboard:retry:timeout:privacy:events:logging:)``.
    ///
    /// - Parameters:
    ///   - configuration: keys, base URL, timeout and retry settings.
    ///   - transport: sends the requests (``URLSessionTransport`` in production).
    ///   - clock: times attempts, ends them at their deadline and waits between retries (``SystemClock``
    ///     in production).
    ///   - retryPolicy: the retries (default: the configuration's ``OptoLinkConfiguration/retry``; pass one
    ///     for its jitter's random source, say).
    ///   - diagnostics: receives every attempt, wait and outcome.
    /// - Throws: ``OptoLinkError/unsupportedByService`` when `configuration` is another service's: these
    ///   are OptoLink's endpoints.
    public convenience init(
        configuration: OptoLinkConfiguration,
        transport: any HTTPTransport,
        clock: any OptoLinkClock = SystemClock(),
        retryPolicy: RetryPolicy? = nil,
        diagnostics: @escaping @Sendable (Diagnostic) -> Void = { _ in }
    ) throws(OptoLinkError) {
        guard case .optoLink(let clientKey, let orgKey) = configuration.credentials else {
            throw .unsupported("OptoLinkAPI", by: configuration.service, because: "has none of OptoLink's endpoints")
        }
        let policy = retryPolicy ?? configuration.retry
        self.init(
            configuration: configuration, clientKey: clientKey, orgKey: orgKey,
            runner: RequestRunner(transport: transport, clock: clock, retryPolicy: policy, diagnostics: diagnostics))
    }

    /// An API client for OptoLink's credentials, sending through `runner` (the facade's: one request counter
    /// per instance).
    init(configuration: OptoLinkConfiguration, clientKey: String, orgKey: String, runner: RequestRunner) {
        self.configuration = configuration
        self.retryPolicy = runner.retryPolicy
        self.clientKey = clientKey
        self.orgKey = orgKey
        self.runner = runner
        self.linkPrefix = "\(configuration.baseURL.absoluteString)/\(orgKey)/"
        self.keyHeadersGet = Self.keyHeaders(apiKey: clientKey, json: false)
    }

    // MARK: Endpoints

    /// `GET /:orgKey/:shortCode/data?deviceId=`: the link behind a direct open (``MatchMethod/direct``).
    ///
    /// The backend counts the click itself; the SDK must not report it again.
    public func linkData(shortCode: String, deviceId: String?) async throws(OptoLinkError) -> OptoLinkData {
        try await linkData(shortCode: shortCode, deviceId: deviceId, isStopped: nil, onLink: nil)
    }

    /// ``linkData(shortCode:deviceId:)``, also handing the link to `onLink` as soon as the answer is
    /// parsed: on the transport's thread when it calls back early (``HTTPTransport/send(_:onAnswer:)``),
    /// before this call returns the same link. This is how a direct open reaches ``OptoLink/links``
    /// without waiting for the calling task to be woken. `onLink` is called at most once.
    /// `isStopped` is a second way to cancel, checked like task cancellation before every attempt and
    /// around every wait (an attempt already sent is not interrupted).
    func linkData(
        shortCode: String, deviceId: String?, isStopped: (@Sendable () -> Bool)? = nil,
        onLink: (@Sendable (OptoLinkData) -> Void)?
    ) async throws(OptoLinkError) -> OptoLinkData {
        guard !shortCode.isEmpty, let code = Self.percentEncoded(shortCode, allowed: Self.segmentAllowed) else {
            throw .argument("The short code must not be empty")
        }
        var text = linkPrefix + code + "/data"
        if let deviceId, let encoded = Self.percentEncoded(deviceId, allowed: Self.queryAllowed) {
            text += "?deviceId=" + encoded
        }
        guard let url = URL(string: text) else { throw .argument("Cannot build a URL for short code \(shortCode)") }
        let request = HTTPRequest(method: "GET", url: url, headers: keyHeadersGet, timeout: configuration.timeout)
        guard let onLink else {
            return try ResponseParser.linkData(try await perform(request, endpoint: .linkData, isStopped: isStopped))
        }
        let parsed = LockedValue<Result<OptoLinkData, OptoLinkError>?>(nil)
        let response = try await perform(request, endpoint: .linkData, isStopped: isStopped) { response in
            let result = Self.parseLink(response)
            parsed.set(result)
            if case .success(let link) = result { onLink(link) }
        }
        return try (parsed.value ?? Self.parseLink(response)).get()
    }

    private static func parseLink(_ response: HTTPResponse) -> Result<OptoLinkData, OptoLinkError> {
        do {
            return .success(try ResponseParser.linkData(response))
        } catch {
            return .failure(error)
        }
    }

    /// `POST /match`: the deferred match for a first launch. Returns nil when the backend found none.
    ///
    /// - Parameters:
    ///   - clipboardToken: a valid token read from the pasteboard (see ``ClipboardToken``), if any.
    ///   - deviceId: the SDK's device id (8–100 characters).
    ///   - fingerprint: the device traits to compare with the click.
    public func match(clipboardToken: String?, deviceId: String, fingerprint: Fingerprint) async throws(OptoLinkError)
        -> OptoLinkData?
    {
        let body = MatchBody(
            clipboardToken: clipboardToken, deviceId: deviceId, platform: fingerprint.platform,
            osVersion: fingerprint.osVersion, deviceModel: fingerprint.deviceModel, language: fingerprint.language,
            timezone: fingerprint.timezone)
        let request = try post("match", body: body, headers: keyHeaders(json: true))
        let response = try await perform(request, endpoint: .match)
        return try ResponseParser.match(response)
    }

    /// `POST /sdk/session`: registers (upserts) the device profile.
    public func registerSession(deviceId: String, fingerprint: Fingerprint?) async throws(OptoLinkError) -> SessionInfo
    {
        let body = SessionBody(
            deviceId: deviceId, platform: fingerprint?.platform, osVersion: fingerprint?.osVersion,
            deviceModel: fingerprint?.deviceModel)
        let request = try post("sdk/session", body: body, headers: bearerHeaders())
        let response = try await perform(request, endpoint: .session)
        return try ResponseParser.session(response, deviceId: deviceId)
    }

    /// `POST /sdk/identity`: binds the device to `externalId` (1–255 characters). The backend answers 404
    /// when the device never had a session.
    public func setIdentity(externalId: String, deviceId: String, fingerprint: Fingerprint?) async throws(OptoLinkError)
        -> IdentityBinding
    {
        let body = IdentityBody(
            deviceId: deviceId, externalId: externalId, platform: fingerprint?.platform,
            osVersion: fingerprint?.osVersion, deviceModel: fingerprint?.deviceModel)
        let request = try post("sdk/identity", body: body, headers: bearerHeaders())
        let response = try await perform(request, endpoint: .identity)
        return try ResponseParser.identity(response, deviceId: deviceId, externalId: externalId)
    }

    /// `POST /sdk/identity/clear`: unbinds the device (fine when nothing was bound).
    public func clearIdentity(deviceId: String) async throws(OptoLinkError) -> IdentityBinding {
        let request = try post(
            "sdk/identity/clear", body: IdentityClearBody(deviceId: deviceId), headers: bearerHeaders())
        let response = try await perform(request, endpoint: .identityClear)
        return try ResponseParser.identity(response, deviceId: deviceId, externalId: nil)
    }

    /// `POST /sdk/events`: records one custom event.
    ///
    /// Any 2xx is a delivery; its body (`{"ok":true}`) is not read, so an answer whose body is cut or
    /// not JSON does not keep the event forever. (The base URL is `https` in production: a captive
    /// portal cannot answer in the backend's name.)
    public func sendEvent(name: String, properties: [String: JSONValue]?, deviceId: String) async throws(OptoLinkError)
    {
        let body = EventBody(deviceId: deviceId, eventName: name, properties: properties)
        let request = try post("sdk/events", body: body, headers: bearerHeaders())
        _ = try await perform(request, endpoint: .events)
    }

    // MARK: Requests

    static let segmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#%")
        return set
    }()

    static let queryAllowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: "&=+#%")
        return set
    }()

    /// `s.addingPercentEncoding(withAllowedCharacters: allowed)`, skipping Foundation when every byte is an
    /// ASCII letter, digit, `-`, `.`, `_` or `~` (unreserved: allowed in both sets above, so kept as is).
    static func percentEncoded(_ s: String, allowed: CharacterSet) -> String? {
        let unreserved = s.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                return true
            default:
                return false
            }
        }
        return unreserved ? s : s.addingPercentEncoding(withAllowedCharacters: allowed)
    }

    private func keyHeaders(json: Bool) -> [String: String] {
        json ? Self.keyHeaders(apiKey: clientKey, json: true) : keyHeadersGet
    }

    private static func keyHeaders(apiKey: String, json: Bool) -> [String: String] {
        var headers = ["X-API-Key": apiKey, "X-OptoLink-SDK": OptoLink.sdkHeader, "Accept": "application/json"]
        if json { headers["Content-Type"] = "application/json" }
        return headers
    }

    private func bearerHeaders() -> [String: String] {
        [
            "Authorization": "Bearer \(clientKey)", "X-OptoLink-SDK": OptoLink.sdkHeader,
            "Accept": "application/json", "Content-Type": "application/json",
        ]
    }

    private func post<Body: Encodable>(_ route: String, body: Body, headers: [String: String]) throws(OptoLinkError)
        -> HTTPRequest
    {
        guard let url = URL(string: "\(configuration.baseURL.absoluteString)/\(route)") else {
            throw .argument("Cannot build a URL for /\(route)")
        }
        let data: Data
        do {
            data = try JSONBody.encode(body)
        } catch {
            throw .argument("Cannot encode the body of /\(route): \(error)")
        }
        return HTTPRequest(method: "POST", url: url, headers: headers, body: data, timeout: configuration.timeout)
    }

    /// Sends `request` with the runner's retries (see ``RequestRunner/perform(_:endpoint:isStopped:onSuccess:)``).
    private func perform(
        _ request: HTTPRequest, endpoint: Endpoint, isStopped: (@Sendable () -> Bool)? = nil,
        onSuccess: (@Sendable (HTTPResponse) -> Void)? = nil
    ) async throws(OptoLinkError) -> HTTPResponse {
        try await runner.perform(request, endpoint: endpoint, isStopped: isStopped, onSuccess: onSuccess)
    }
}

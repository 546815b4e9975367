import Foundation

/// QubeRoute (seed 001) behind ``LinkProvider``, to the letter of its page:
///
/// - `Authorization: Bearer qr_live_…|qr_test_…` on every request; `Content-Type: application/json`.
/// - The install token: a UUID without hyphens, made once and kept in the store (``installTokenKey``).
/// - Direct open: `POST /api/v1/sdk/resolve {url, installToken}` for a URL on a link host; a URL with one
///   of the app's schemes (`myapp://products/1234`) is read locally (``CustomSchemeLink``), with no request.
/// - First launch: `POST /api/v1/sdk/match {installToken}`, once per install, the first-launch flag set
///   before the request (a second call could not improve the answer: `already_attributed`).
/// - Events: `POST /api/v1/sdk/events {installToken, events: [{eventId, name, valueMinor, currency,
///   properties, clientTimestamp}]}`, up to ``batchSize`` per request from the persistent queue; `eventId`
///   is the queued event's id, made at `trackEvent`, so a resent batch is refused, not double-counted.
///   A value requires a currency: refused at `trackEvent`.
/// - Retries on no answer, 5xx and 429; other 4xx are final. Default timeout 3 s; queue 100.
///
/// Answers `{link{url, alias, data, campaign, channel, feature}, confidence, reason, attributed,
/// installId}` map as `docs/providers.md` says: no `link` is no link (the reason is logged).
struct QubeRouteProvider: LinkProvider {
    /// QubeRoute's API origin.
    static let defaultBaseURL = URL(string: "https://app.quberoute.com")!
    /// The store key of the install token.
    static let installTokenKey = "quberoute_install_token"
    /// Events per request: the SDK's choice (the page sets no limit); half the default queue.
    static let batchSize = 50

    let configuration: OptoLinkConfiguration
    let runner: RequestRunner
    let hosts: LinkHosts
    /// The app's URL schemes, read without a request.
    let schemes: Set<String>
    let log: @Sendable (LogLevel, String) -> Void

    /// `key` is the publishable key, sent as `Authorization: Bearer`.
    init(
        configuration: OptoLinkConfiguration, key: String, runner: RequestRunner,
        log: @escaping @Sendable (LogLevel, String) -> Void = { _, _ in }
    ) {
        self.configuration = configuration
        self.runner = runner
        self.log = log
        self.hosts = LinkHosts(configuration: configuration)
        self.schemes = Set(configuration.links.urlSchemes)
        self.headers = ProviderSupport.jsonHeaders(["Authorization": "Bearer \(key)"])
        self.resolveURL = ProviderSupport.endpointURL(Self.resolvePath, configuration: configuration)
    }

    private static let resolvePath = "/api/v1/sdk/resolve"
    /// The resolve URL, made once (every direct open posts to it).
    private let resolveURL: URL?

    var service: OptoLinkService { .quberoute }
    var eventBatchSize: Int { Self.batchSize }

    /// The stored token when it is one (32 hexadecimal digits), else a new `UUID` without its hyphens,
    /// stored before it is returned.
    var installIDKey: String { Self.installTokenKey }

    func installID(store: any KeyValueStore) -> String {
        if let existing = store.string(forKey: Self.installTokenKey), Self.isInstallToken(existing) { return existing }
        let fresh = UUID().uuidString.replacingOccurrences(of: "-", with: "")
        store.set(fresh, forKey: Self.installTokenKey)
        return fresh
    }

    static func isInstallToken(_ text: String) -> Bool {
        text.utf8.count == 32
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            }
    }

    func linkKey(in url: URL) -> LinkKey? {
        if CustomSchemeLink.isCustomScheme(url, schemes: schemes) {
            return LinkKey(text: url.absoluteString, sendsRequest: false)
        }
        return ProviderSupport.isLink(url, hosts: hosts) ? LinkKey(text: url.absoluteString, sendsRequest: true) : nil
    }

    /// The headers of every request, made once.
    private let headers: [String: String]

    private struct MatchBody: Encodable {
        var installToken: String
    }

    private struct EventsBody: Encodable {
        var installToken: String
        var events: [Event]
    }

    private struct Event: Encodable {
        var eventId: String
        var name: String
        var valueMinor: Int?
        var currency: String?
        var properties: [String: JSONValue]?
        var clientTimestamp: String
    }

    func open(
        key: LinkKey, url: URL, installID: String?, isStopped: (@Sendable () -> Bool)?,
        onLink: @escaping @Sendable (OptoLinkData) -> Void
    ) async throws(OptoLinkError) -> OptoLinkData? {
        guard key.sendsRequest else {
            guard let link = CustomSchemeLink.link(in: url, schemes: schemes, service: .quberoute) else { return nil }
            onLink(link)
            return link
        }
        // `{url, installToken}`; the token is left out while the SDK is disabled (``OptoLink/setEnabled(_:)``):
        // the open goes without the install.
        var body = ["url": key.text]
        if let installID { body["installToken"] = installID }
        let request = try ProviderSupport.post(
            resolveURL, path: Self.resolvePath, strings: body, headers: headers, configuration: configuration)
        let (link, response) = try await ProviderSupport.openEarly(
            request, runner: runner, isStopped: isStopped,
            parse: { response throws(OptoLinkError) in try QubeRouteAnswer.link(response, isDeferred: false) },
            onLink: onLink)
        guard let link else {
            log(
                .info,
                "QubeRoute resolved no link for \(key.text) (reason: "
                    + "\(QubeRouteAnswer.reason(response) ?? "none given"))"
            )
            return nil
        }
        return link
    }

    func match(clipboardToken: String?, installID: String, deviceInfo: any DeviceInfoProvider)
        async throws(OptoLinkError) -> OptoLinkData?
    {
        let request = try ProviderSupport.post(
            "/api/v1/sdk/match", body: MatchBody(installToken: installID), headers: headers,
            configuration: configuration)
        let response = try await runner.perform(request, endpoint: .match)
        guard let link = try QubeRouteAnswer.link(response, isDeferred: true) else {
            // "If none comes back, reason says why": already_attributed, no_match…
            log(.info, "QubeRoute found no deferred link (reason: \(QubeRouteAnswer.reason(response) ?? "none given"))")
            return nil
        }
        return link
    }

    /// The largest value in minor units a JSON number carries exactly (2⁵³ − 1), either sign: beyond it the
    /// value would change on its way (the stored queue and the request write it as a JSON number) and
    /// QubeRoute's backend refuses it, with the rest of its batch.
    static let maxValueMinor = 9_007_199_254_740_991

    /// A value needs a currency of three letters A–Z (ISO 4217), and a currency needs a value; a value
    /// is at most ``maxValueMinor`` in size.
    func refusal(valueMinor: Int?, currency: String?) -> String? {
        if let valueMinor, valueMinor > Self.maxValueMinor || valueMinor < -Self.maxValueMinor {
            return
                "valueMinor must be between -\(Self.maxValueMinor) and \(Self.maxValueMinor) (2^53 - 1), got "
                + "\(valueMinor)"
        }
        switch (valueMinor, currency) {
        case (nil, nil):
            return nil
        case (.some, nil):
            return "a value requires a currency"
        case (nil, .some):
            return "a currency without a value"
        case (.some, .some(let code)):
            let letters = code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
            return code.utf8.count == 3 && letters
                ? nil : "currency must be an ISO 4217 code of three letters A–Z, got \"\(code)\""
        }
    }

    func send(_ events: [QueuedEvent], installID: String) async throws(OptoLinkError) {
        let body = EventsBody(
            installToken: installID,
            events: events.map { event in
                Event(
                    eventId: event.id, name: event.name, valueMinor: event.valueMinor, currency: event.currency,
                    properties: event.properties, clientTimestamp: event.timestamp ?? EventQueue.timestamp(Date()))
            })
        let request = try ProviderSupport.post(
            "/api/v1/sdk/events", body: body, headers: headers, configuration: configuration)
        _ = try await runner.perform(request, endpoint: .events)
    }
}

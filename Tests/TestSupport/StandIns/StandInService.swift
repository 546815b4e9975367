import Foundation
internal import OptoLinkHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stand-in deployment of one of the four services on 127.0.0.1: written from that service's seed
/// alone, with link codes, click URLs and pages of its own (not the reference server's), in memory, on
/// the real clock. Tests point the real SDK (or the dashboard) at it as at an outside team's deployment.
///
/// ```swift
/// let service = try StandInService.start(.optoLink)
/// defer { service.stop() }
/// let configuration = try OptoLinkConfiguration.optoLink(
///     apiKey: service.apiKey, orgKey: service.orgKey, baseURL: service.baseURL)
/// // A browser clicks service.mainLink; the app opens it, or launches for the first time.
/// ```
///
/// The client's address is the first `X-Forwarded-For` entry when the service trusts that header
/// (``trustsForwardedFor``), else the socket's peer address. Requests are served on the HTTP layer's own
/// threads, never the cooperative pool.
public final class StandInService: Sendable {
    /// The service it stands in for.
    public let kind: StandInKind
    /// What is broken in this deployment.
    public let flaws: StandInFlaws
    /// How this healthy deployment reads its seed (``StandInOptions``).
    public let options: StandInOptions
    /// Whether the client's address is read from `X-Forwarded-For` (else the socket's peer).
    public let trustsForwardedFor: Bool

    private let backend: any StandInBackend
    private let ledger = StandInLedger()
    private let server: HTTPServer
    private let boundPort: Locked<Int>

    /// Starts a stand-in for `kind` on 127.0.0.1 and a free port, serving as soon as this returns.
    ///
    /// - Parameters:
    ///   - kind: the service.
    ///   - flaws: what is broken (default nothing).
    ///   - options: how it reads its seed (default the plainest reading).
    ///   - trustsForwardedFor: read the client's address from `X-Forwarded-For` (default true, as the
    ///     dashboard names its simulated clients there).
    /// - Throws: when the socket cannot be opened.
    public static func start(
        _ kind: StandInKind, flaws: StandInFlaws = [], options: StandInOptions = [], trustsForwardedFor: Bool = true
    ) throws -> StandInService {
        let service = StandInService(
            kind: kind, flaws: flaws, options: options, trustsForwardedFor: trustsForwardedFor)
        try service.server.start()
        service.boundPort.withLock { $0 = service.server.port }
        if service.seesOneAddress { service.clickFromAnotherPhone() }
        return service
    }

    private init(kind: StandInKind, flaws: StandInFlaws, options: StandInOptions, trustsForwardedFor: Bool) {
        self.kind = kind
        self.flaws = flaws
        self.options = options
        self.trustsForwardedFor = trustsForwardedFor
        let ledger = ledger
        let backend: any StandInBackend =
            switch kind {
            case .optoLink: OptoLinkStandIn(flaws: flaws, options: options, ledger: ledger)
            case .quberoute: QubeRouteStandIn(flaws: flaws, options: options, ledger: ledger)
            case .deepBlue: DeepBlueStandIn(flaws: flaws, ledger: ledger)
            case .appsFlyer: AppsFlyerStandIn(flaws: flaws, options: options, ledger: ledger)
            }
        self.backend = backend
        let boundPort = Locked(0)
        self.boundPort = boundPort
        let oneAddress = Self.seesOneAddress(kind, options)
        var limits = HTTPServer.Limits()
        // Every answer is made in memory at once, and nothing is offloaded: one loop serves a test's few
        // clients, and many stand-ins in one test run cost few threads.
        limits.eventLoops = 1
        limits.storageWorkers = 1
        let slow = options.contains(.slowAnswers)
        server = HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { http, peer, stage in
            let request = StandInRequest(
                http, peer: oneAddress ? StandInOptions.officeAddress : peer,
                trustsForwardedFor: trustsForwardedFor && !oneAddress,
                fallbackHost: "127.0.0.1:\(boundPort.withLock { $0 })")
            // (asked again after the delay with faultsApplied set: logged once, then)
            if slow, request.method == "POST", !stage.faultsApplied {
                return .delay(StandInOptions.slowAnswerDelay)
            }
            ledger.log(method: request.method, path: request.path)
            if request.method == "GET", request.path == "/.well-known/apple-app-site-association" {
                return .respond(backend.association.response(flaws: flaws))
            }
            return .respond(backend.respond(to: request))
        }
    }

    deinit {
        server.stop()
    }

    /// The bound port.
    public var port: Int { boundPort.withLock { $0 } }

    /// `http://127.0.0.1:<port>`: where the short links and the association file live.
    public var origin: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// What a client passes as its base URL: the API origin (for AppsFlyer, the origin plus `/v1.0`, so
    /// the SDK's `<base>/ios/<app id>` is the S2S path).
    public var baseURL: URL { URL(string: origin.absoluteString + backend.profile.apiPath)! }

    /// The key an app ships: OptoLink's CLIENT key (`opl_sdk_…`), QubeRoute's publishable key
    /// (`qr_live_…`), Deep Blue's key; empty for AppsFlyer (its DevKey stays on the app's backend).
    public var apiKey: String { backend.profile.apiKey }
    /// OptoLink's org key (`acme`); empty for the others.
    public var orgKey: String { backend.profile.orgKey }
    /// AppsFlyer's app id (`id` and digits); empty for the others.
    public var appID: String { backend.profile.appID }
    /// AppsFlyer's DevKey (what the app's backend signs `af_sig` with); empty for the others.
    public var devKey: String { backend.profile.devKey }
    /// A key of the wrong kind, which the SDK endpoints refuse: OptoLink's SERVER key (`opl_api_…`, 403),
    /// QubeRoute's secret key (`qr_sk_…`, 403), a revoked Deep Blue key (403); empty for AppsFlyer.
    public var wrongKindKey: String { backend.profile.wrongKindKey }
    /// The team ID the association file lists.
    public var teamID: String { backend.profile.teamID }
    /// The bundle ID the association file lists.
    public var bundleID: String { backend.profile.bundleID }

    /// A campaign short link on this service's own host, to click in a browser and to open in the app.
    public var mainLink: URL { URL(string: origin.absoluteString + backend.profile.mainLinkPath)! }
    /// Where ``mainLink`` routes the app, as the SDK delivers it.
    public var mainPath: String { backend.profile.mainPath }
    /// A second short link (for a cold-start open; AppsFlyer's is for clicks only, as it opens nothing).
    public var coldStartLink: URL { URL(string: origin.absoluteString + backend.profile.coldStartLinkPath)! }
    /// Where ``coldStartLink`` routes the app.
    public var coldStartPath: String { backend.profile.coldStartPath }

    /// Every click recorded so far, in order.
    public var clicks: [StandInClick] { ledger.clicks }
    /// `"METHOD /path"` (no query) of every request so far, in order.
    public var requests: [String] { ledger.requests }
    /// Every app event accepted so far, in order (OptoLink and QubeRoute).
    public var events: [StandInEvent] { ledger.events }

    /// Whether every client is seen at ``StandInOptions/officeAddress`` (``StandInOptions/clickWaiting``, but for
    /// AppsFlyer, whose S2S request names the device's address in its body).
    private var seesOneAddress: Bool { Self.seesOneAddress(kind, options) }

    private static func seesOneAddress(_ kind: StandInKind, _ options: StandInOptions) -> Bool {
        options.contains(.clickWaiting) && kind != .appsFlyer
    }

    /// Clicks ``coldStartLink`` from an Android phone in German, as a user of the deployment would have before the
    /// run (``StandInOptions/clickWaiting``); waits for the answer.
    private func clickFromAnotherPhone() {
        var request = URLRequest(url: coldStartLink)
        request.timeoutInterval = 5
        request.setValue(
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile "
                + "Safari/537.36", forHTTPHeaderField: "User-Agent")
        request.setValue("de-DE,de;q=0.9", forHTTPHeaderField: "Accept-Language")
        let done = DispatchSemaphore(value: 0)
        let delegate = NoRedirects()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        session.dataTask(with: request) { _, _, _ in done.signal() }.resume()
        done.wait()
        session.invalidateAndCancel()
    }

    /// Stops serving and closes every connection. Safe to call more than once.
    public func stop() {
        server.stop()
    }
}

/// A session delegate that follows no redirect: the waiting click stops at the service's first answer.
private final class NoRedirects: NSObject, URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

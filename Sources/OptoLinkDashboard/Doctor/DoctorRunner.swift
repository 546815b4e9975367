import Foundation
import OptoLink

/// Runs the doctor: sends the probes one after the other through a transport that never follows redirects,
/// records each exchange, and hands them to the pure checks.
///
/// ```swift
/// let report = await DoctorRunner(options: options).run()
/// print(report.summary.line)
/// ```
///
/// Requests, in order: `GET /health`; `GET /.well-known/apple-app-site-association`; with `--api-key`,
/// `POST /sdk/identity/clear` for a random device; with `--link`, `GET /<org>/<code>/data`,
/// `GET /<org>/<code>` and `POST /match` with the page's token. When `/health` gets no HTTP answer at all
/// nothing else is sent: every other line is skipped and the exit code is ``DoctorExitCode/unreachable``.
public struct DoctorRunner: Sendable {
    /// The `User-Agent` of the doctor's own requests (the redirect page is asked for as Safari on an iPhone).
    public static let userAgent = "optolink-dash-doctor/1 (+docs/doctor.md)"

    /// What to check.
    public let options: DoctorOptions
    private let transport: any HTTPTransport
    private let now: @Sendable () -> Date
    private let deviceId: String

    /// Creates a runner.
    /// - Parameters:
    ///   - options: what to check.
    ///   - transport: sends the requests; default ``NoRedirectTransport`` (tests may script one).
    ///   - now: this machine's clock, read around each request for the clock-skew line. Default `Date()`.
    ///   - deviceId: the key probe's device id; default a fresh random one (``KeyCheck``).
    public init(
        options: DoctorOptions, transport: any HTTPTransport = NoRedirectTransport(),
        now: @escaping @Sendable () -> Date = { Date() }, deviceId: String? = nil
    ) {
        self.options = options
        self.transport = transport
        self.now = now
        self.deviceId = deviceId ?? KeyCheck.probeDeviceId()
    }

    /// Sends the probes and returns the report.
    public func run() async -> DoctorReport {
        let timeout = TimeInterval(options.timeout)
        let base = options.baseURL
        var exchanges = [DoctorExchange]()

        let health = await send(
            HTTPRequest(
                method: "GET", url: Self.url(base, "/health"),
                headers: ["Accept": "application/json", "User-Agent": Self.userAgent], timeout: timeout))
        exchanges.append(health)
        var checks = [HostChecks.answers(health), HostChecks.https(baseURL: base, health: health)]
        guard health.response != nil else {
            let reason = "the host did not answer"
            let rest: [(String, String)] = [
                ("health", "/health"), ("aasa.status", "AASA status"), ("aasa.contentType", "AASA Content-Type"),
                ("aasa.size", "AASA size"), ("aasa.json", "AASA JSON"), ("aasa.appID", "AASA app ID"),
                ("aasa.paths", "AASA covers /\(options.orgKey)/*"), ("aasa.cacheControl", "AASA Cache-Control"),
                (KeyCheck.id, KeyCheck.title), ("link.data", "link /data"), ("link.page", "link redirect page"),
                ("link.match", "link token matches"), (ClockCheck.id, ClockCheck.title),
            ]
            checks += rest.map { DoctorCheck.skip($0.0, $0.1, reason) }
            return DoctorReport(baseURL: base, orgKey: options.orgKey, checks: checks, reachable: false)
        }
        checks.append(HostChecks.health(health))

        let aasa = await send(
            HTTPRequest(
                method: "GET", url: Self.rootURL(base, AASAChecks.path),
                headers: ["Accept": "application/json", "User-Agent": Self.userAgent], timeout: timeout))
        exchanges.append(aasa)
        checks += AASAChecks.all(
            aasa, orgKey: options.orgKey, teamId: options.teamId, bundleId: options.bundleId, linkCode: options.link)

        var keyExchange: DoctorExchange?
        if let apiKey = options.apiKey {
            let exchange = await send(
                KeyCheck.probe(baseURL: base, apiKey: apiKey, deviceId: deviceId, timeout: timeout))
            exchanges.append(exchange)
            keyExchange = exchange
        }
        checks.append(KeyCheck.check(keyExchange, apiKey: options.apiKey))

        if let code = options.link {
            let data = await send(
                LinkChecks.dataRequest(baseURL: base, orgKey: options.orgKey, code: code, timeout: timeout))
            let page = await send(
                LinkChecks.pageRequest(baseURL: base, orgKey: options.orgKey, code: code, timeout: timeout))
            exchanges += [data, page]
            let (dataCheck, path) = LinkChecks.data(data, orgKey: options.orgKey, code: code)
            let (pageCheck, token) = LinkChecks.page(page, orgKey: options.orgKey, code: code)
            var match: DoctorExchange?
            if let token {
                let exchange = await send(LinkChecks.matchRequest(baseURL: base, token: token, timeout: timeout))
                exchanges.append(exchange)
                match = exchange
            }
            checks += [dataCheck, pageCheck, LinkChecks.match(match, expectedPath: path)]
        } else {
            let reason = "give --link CODE to check a link end to end"
            checks += [
                .skip("link.data", "link /data", reason), .skip("link.page", "link redirect page", reason),
                .skip("link.match", "link token matches", reason),
            ]
        }

        checks.append(ClockCheck.check(exchanges))
        return DoctorReport(baseURL: base, orgKey: options.orgKey, checks: checks, reachable: true)
    }

    private func send(_ request: HTTPRequest) async -> DoctorExchange {
        let sentAt = now()
        do {
            let response = try await transport.send(request)
            return DoctorExchange(request: request, outcome: .answered(response), sentAt: sentAt, receivedAt: now())
        } catch {
            return DoctorExchange(request: request, outcome: .failed(.init(error)), sentAt: sentAt, receivedAt: now())
        }
    }

    /// `<scheme>://<host>[:port]<path>`: iOS reads the AASA at the root of the host, whatever path the base URL has.
    static func rootURL(_ base: URL, _ path: String) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return url(base, path) }
        components.path = path
        components.query = nil
        components.fragment = nil
        return components.url ?? url(base, path)
    }

    /// `<base><path>`, the base's trailing slashes dropped (a base with a path prefix keeps it).
    static func url(_ base: URL, _ path: String) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + path) ?? base
    }
}

import DashboardCore
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
/// What is sent depends on `--provider`: ``OptoLinkDoctor`` for an OptoLink deployment;
/// ``QubeRouteDoctor``, ``DeepBlueDoctor`` and ``AppsFlyerDoctor`` for the others, which share the lines on
/// the link's host (``LinkServiceDoctor``). When the first host asked gets no HTTP answer at all nothing
/// else is sent: every other line is skipped and the exit code is ``DoctorExitCode/unreachable``. Where the
/// doctor clicks a link it does so as the dashboard's one ``SimulatedBrowser`` (Safari on an iPhone), from
/// this machine's own address (no `X-Forwarded-For`).
package struct DoctorRunner: Sendable {
    /// The `User-Agent` of the doctor's own requests (a click is made as Safari on an iPhone).
    package static let userAgent = "optolink-dash-doctor/1 (+docs/doctor.md)"

    /// What to check.
    package let options: DoctorOptions
    private let transport: any HTTPTransport
    private let now: @Sendable () -> Date
    /// The OptoLink key probe's device id.
    let deviceId: String

    /// Creates a runner.
    /// - Parameters:
    ///   - options: what to check.
    ///   - transport: sends the requests, the browser's hops too; default ``NoRedirectTransport`` (tests may
    ///     script one).
    ///   - now: this machine's clock, read around each request for the clock-skew line. Default `Date()`.
    ///   - deviceId: OptoLink's key probe's device id; default a fresh random one (``KeyCheck``).
    package init(
        options: DoctorOptions, transport: any HTTPTransport = NoRedirectTransport(),
        now: @escaping @Sendable () -> Date = { Date() }, deviceId: String? = nil
    ) {
        self.options = options
        self.transport = transport
        self.now = now
        self.deviceId = deviceId ?? KeyCheck.probeDeviceId()
    }

    /// Sends the probes and returns the report.
    package func run() async -> DoctorReport {
        switch options.provider {
        case .optoLink:
            // OptoLink's options always carry the org key (its init takes one); the demo org is never reached.
            await OptoLinkDoctor(orgKey: (options.orgKey ?? .demo).rawValue).run(self)
        case .quberoute: await QubeRouteDoctor().run(self)
        case .deepBlue: await DeepBlueDoctor().run(self)
        case .appsFlyer: await AppsFlyerDoctor().run(self)
        }
    }

    /// Sends one request and records what came back.
    func send(_ request: HTTPRequest) async -> DoctorExchange {
        let sentAt = now()
        do {
            let response = try await transport.send(request)
            return DoctorExchange(request: request, outcome: .answered(response), sentAt: sentAt, receivedAt: now())
        } catch {
            return DoctorExchange(request: request, outcome: .failed(.init(error)), sentAt: sentAt, receivedAt: now())
        }
    }

    /// Clicks `url` as Safari on an iPhone (``FingerprintValues/demoPhone``'s traits), from this machine's own
    /// address, through the runner's transport, each hop bounded by `--timeout`.
    func click(_ url: URL) async -> BrowserVisit {
        await SimulatedBrowser(transport: DoctorTimeoutTransport(base: transport, timeout: timeout)).visit(
            url, as: .demoPhone, forwardedFor: nil)
    }

    /// The request timeout, in seconds.
    var timeout: TimeInterval { TimeInterval(options.timeout) }

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

    /// A `GET` of `url`, as the doctor's probes ask for JSON.
    static func get(_ url: URL, timeout: TimeInterval) -> HTTPRequest {
        HTTPRequest(
            method: "GET", url: url, headers: ["Accept": "application/json", "User-Agent": userAgent], timeout: timeout)
    }

    /// A `GET` of the association file at the root of `url`'s host, as the doctor asks for it.
    static func aasaRequest(_ url: URL, timeout: TimeInterval) -> HTTPRequest {
        get(rootURL(url, AASAChecks.path), timeout: timeout)
    }

    /// A JSON `POST` of `body` to `url` with the service's key `headers`, as the doctor's probes send it.
    static func jsonPost(_ url: URL, body: [String: String], headers: [String: String], timeout: TimeInterval)
        -> HTTPRequest
    {
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes]))
        var all = ["Content-Type": "application/json", "Accept": "application/json", "User-Agent": userAgent]
        all.merge(headers) { $1 }
        return HTTPRequest(method: "POST", url: url, headers: all, body: data ?? Data(), timeout: timeout)
    }
}

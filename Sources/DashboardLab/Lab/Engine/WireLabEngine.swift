import DashboardCore
import Foundation
import OptoLink
import OptoLinkLabEngine
import OptoLinkServer
import OptoLinkTesting

/// Runs a lab through the wire: a simulated Safari clicks each click on the service's click page, and each
/// first open is the real SDK's first launch (``OptoLink`` with the service's configuration, a fresh
/// in-memory store, the pasteboard the model gives it, the install's device), against a reference server
/// embedded for the run. What it measures is the deployed system: HTTP, the routes' conversions, the SDK's
/// requests and retries, the answers as the SDK reads them.
///
/// The embedded server is dedicated to the run: in memory, on 127.0.0.1, trusting `X-Forwarded-For` (each
/// click and first open names its simulated address), seeded with the demo apps and one link per click in
/// every service (``ServerSeed/demo(adding:windowHours:)``, each routing to `/lab<click id>`, so the
/// delivered link names the click), matching with the job's policy, its rate limits off (a carrier NAT
/// address's hundreds of installs would otherwise meet the 30 `/match` attempts a minute), and reading the
/// **lab's clock**: before each click and first open the clock is set to the event's time, so clicks and
/// opens days apart are days apart for the server.
///
/// Events run one at a time in time order: the clock is one for the whole server. A few thousand installs
/// take seconds to a minute (``maxInstalls`` at most).
///
/// The install's outcome comes from the link the SDK delivered (its path names the click matched; nil: no
/// match) and, for the step, the points and the guard, from the server's record of the attempt
/// (`/dev/match-attempts`): only OptoLink's answer names the chain's step, the emulated services' answers
/// do not (QubeRoute's `fingerprint` covers P2 and P2.5, Deep Blue's answer has no method, AppsFlyer's
/// says `probabilistic`). The two must agree on whether a click matched, or the run fails. A first launch
/// the server refuses before matching (a 4xx other than 429: AppsFlyer's S2S call carries the device's
/// address as IPv4 only, seed 003) is an install the deployment leaves unattributed: no match.
///
/// ```swift
/// let run = try await WireLabEngine().run(LabJob(population: population, service: .deepBlue)) { _ in }
/// ```
package struct WireLabEngine: LabEngine {
    /// `wire`.
    package let name = "wire"
    /// The most installs a wire run takes: about a minute of simulated browsers and SDK launches on a busy
    /// two-core machine. Larger labs run in process.
    package static let maxInstalls = 20_000
    /// Where the lab's clock starts: the server sees an event at `time` seconds as this date plus `time`.
    static let epoch = Date(timeIntervalSince1970: 1_800_000_000)
    /// Seconds on a monotonic clock, for the progress reports.
    private let now: @Sendable () -> Double
    /// The reference server run against (an `optolink-lab-server`), nil for one embedded per run.
    package let baseURL: URL?

    /// An engine against the reference server at `baseURL` (started with `optolink-lab-server --links N`;
    /// nil, the default: one embedded for each run), reporting progress against `now`.
    package init(
        baseURL: URL? = nil,
        now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    ) {
        self.baseURL = baseURL
        self.now = now
    }

    /// Why `model` cannot run over the wire (too many installs, a match window the links cannot carry), nil
    /// when it can.
    package static func refusal(_ model: LabModel) -> String? {
        if model.installs > maxInstalls {
            return
                "--engine wire runs at most \(LabValue.grouped(maxInstalls)) installs (this lab has "
                + "\(LabValue.grouped(model.installs))): set --installs, or use --engine process"
        }
        return windowRefusal(model.policy.window)
    }

    /// Why the wire engine does not run `model` against the backend at `baseURL`, in one line; nil when it
    /// can (a reference server started as `optolink-lab-server`, its window the lab's). A remote backend decides
    /// with its own numbers, so a lab whose `backend.*` keys differ from the seed's is refused first; a
    /// backend that is not the reference server (no `Server: optolink-reference`) cannot have its clock set
    /// or the lab's links (one per click) added; a reference server opens both only as `optolink-lab-server`.
    package static func refusal(baseURL: URL, model: LabModel) async -> String? {
        do {
            _ = try await labStatus(baseURL: baseURL, model: model)
            return nil
        } catch {
            return error.message
        }
    }

    /// The lab control of the reference server at `baseURL`, read once; ``DashboardError/usage(_:)`` with
    /// ``refusal(baseURL:model:)``'s reason when the wire engine cannot run `model` against it.
    static func labStatus(baseURL: URL, model: LabModel) async throws(DashboardError) -> LabServerStatus {
        let url = baseURL.absoluteString
        if model.policy != .seed {
            throw .usage(
                "--base-url \(url): the lab's backend.* settings differ from the seed's, and a remote backend "
                    + "decides with its own numbers: drop them, or run --engine wire without --base-url")
        }
        let client = BackendClient(target: BackendTarget(baseURL: baseURL))
        guard await client.isReachable() else {
            throw .usage("--base-url \(url): no answer to GET /health")
        }
        guard await client.capabilities().referenceServer else {
            throw .usage(
                "--base-url \(url) is not the reference server (no 'Server: optolink-reference'): the wire engine "
                    + "sets the server's clock to the lab's, which only the reference server could allow")
        }
        let hours = Int(model.policy.window / 3600)
        let start = "optolink-lab-server --links N --window \(hours)"
        guard let lab = try? await client.labStatus() else {
            throw .usage(
                "--base-url \(url) is a reference server without the lab's control (its clock and one link per "
                    + "click): start it with `\(start)` (N: the lab's devices), or run --engine wire without --base-url"
            )
        }
        guard lab.clockSettable else {
            throw .usage(
                "--base-url \(url): its clock cannot be set (the lab replays days of clicks): start it with `\(start)`")
        }
        guard Double(lab.windowHours) * 3600 == model.policy.window else {
            throw .usage(
                "--base-url \(url): its lab links match for \(lab.windowHours) h, the lab's backend.window is "
                    + "\(LabValue.duration(seconds: model.policy.window)): start it with `\(start)`, or set "
                    + "backend.window"
            )
        }
        return lab
    }

    /// Why a match window of `seconds` cannot be a link's (whole hours, 1–720), nil when it can.
    static func windowRefusal(_ seconds: TimeInterval) -> String? {
        let hours = seconds / 3600
        guard hours == hours.rounded(), (1...720).contains(hours) else {
            return "--engine wire needs backend.window in whole hours from 1h to 720h (a link's match window)"
        }
        return nil
    }

    /// Runs `job` (see ``LabEngine/run(_:progress:)``).
    /// - Throws: ``DashboardError`` when the lab cannot run over the wire, the embedded server cannot
    ///   start, a click fails, or the SDK's answer and the server's record disagree; `CancellationError`.
    package func run(_ job: LabJob, progress: @escaping @Sendable (LabProgress) -> Void) async throws -> LabRun {
        let start = now()
        let population = job.population
        if population.installCount > Self.maxInstalls {
            throw DashboardError.usage(Self.refusal(population.model) ?? "too many installs for --engine wire")
        }
        if let refusal = Self.windowRefusal(job.policy.window) { throw DashboardError.usage(refusal) }
        let server: Server
        if let baseURL {
            server = try await Self.remote(baseURL, for: job)
        } else {
            server = try Self.embedded(for: job)
        }
        defer { server.stop() }
        let profile = ServiceProfiles.profile(for: job.service)
        var wire = Wire(
            job: job, profile: profile, target: profile.demoTarget(baseURL: server.baseURL),
            backend: BackendClient(target: profile.demoTarget(baseURL: server.baseURL)))
        var outcomes = [LabOutcome](repeating: .unused, count: population.deviceCount)
        var done = 0
        var counts = LabCounts()
        var reported = start
        let total = population.installCount
        for event in population.events {
            try Task.checkCancellation()
            try await server.setClock(server.epoch.addingTimeInterval(event.time))
            if event.isLaunch {
                let outcome = try await wire.launch(event.device)
                outcomes[event.device] = outcome
                counts.add(outcome.outcome)
                done += 1
            } else {
                try await wire.click(event.device)
            }
            let time = now()
            if time - reported >= 0.05 {
                progress(LabProgress(done: done, total: total, elapsed: time - start, classes: [counts]))
                reported = time
            }
        }
        let seconds = now() - start
        progress(LabProgress(done: done, total: total, elapsed: seconds, classes: [counts]))
        return LabRun(job: job, engine: name, outcomes: outcomes, seconds: seconds)
    }

    /// The reference server a run goes to: where it is, where the lab's clock starts on it, how to set the
    /// clock, and how to let it go.
    struct Server: Sendable {
        let baseURL: URL
        let epoch: Date
        let setClock: @Sendable (Date) async throws(DashboardError) -> Void
        let stop: @Sendable () -> Void
    }

    /// A reference server embedded for `job`: in memory, one link per click, the job's policy, the lab's
    /// clock from ``epoch``.
    static func embedded(for job: LabJob) throws(DashboardError) -> Server {
        let population = job.population
        let clicks = (0..<population.deviceCount).filter { population.role(of: $0) != .organic }
        let clock = SettableServerClock(epoch)
        var configuration = OptoLinkServer.Configuration(
            port: 0,
            seed: .demo(adding: clicks.map(LabControl.code(ofClick:)), windowHours: Int(job.policy.window / 3600)),
            trustForwardedFor: true, clickMemoryBudget: .max, log: .discarding)
        configuration.matchPolicy = job.policy
        configuration.rateLimited = false
        let server: OptoLinkServer
        do {
            server = try OptoLinkServer(configuration: configuration, clock: clock)
            try server.start()
        } catch {
            throw .backend("the wire engine's embedded server did not start: \(error)")
        }
        return Server(baseURL: server.baseURL, epoch: epoch, setClock: { clock.set($0) }, stop: { server.stop() })
    }

    /// The reference server at `baseURL`, started as `optolink-lab-server` (``refusal(baseURL:model:)``): its links
    /// must cover every device of `job`. The lab's clock starts 31 days after the server's time, past every
    /// match window (720 h at most) of the clicks an earlier run left there.
    static func remote(_ baseURL: URL, for job: LabJob) async throws(DashboardError) -> Server {
        let lab = try await labStatus(baseURL: baseURL, model: job.population.model)
        let client = BackendClient(target: BackendTarget(baseURL: baseURL))
        guard lab.links >= job.population.deviceCount else {
            throw .usage(
                "--base-url \(baseURL.absoluteString) has \(LabValue.grouped(lab.links)) lab links, the lab "
                    + "needs one per "
                    + "device: \(LabValue.grouped(job.population.deviceCount)) (start it with --links "
                    + "\(job.population.deviceCount) or more)")
        }
        let epoch = Date(timeIntervalSince1970: (lab.now.timeIntervalSince1970 + 31 * 86_400).rounded(.up))
        return Server(
            baseURL: baseURL, epoch: epoch,
            setClock: { (date: Date) async throws(DashboardError) in try await client.setLabClock(date) }, stop: {})
    }

    /// One run's clicks and first opens over HTTP, and the clipboard tokens the clicks' pages wrote.
    private struct Wire {
        let job: LabJob
        let profile: any ServiceProfile
        let target: BackendTarget
        let backend: BackendClient
        /// The token each click's page held (OptoLink's redirect page), by click id, until its first open.
        var tokens: [Int: String] = [:]
        /// The id of the attempt the last first open made (each makes one, the newest on the server).
        var lastAttempt: String?
        /// One URLSession for every device's SDK (each device's own headers and address come on top of it).
        let network = URLSessionTransport()

        init(job: LabJob, profile: any ServiceProfile, target: BackendTarget, backend: BackendClient) {
            self.job = job
            self.profile = profile
            self.target = target
            self.backend = backend
        }

        /// Clicks `device`'s link as its Safari, from its click's address, as the page's script would.
        mutating func click(_ device: Int) async throws(DashboardError) {
            let population = job.population
            let code = LabControl.code(ofClick: device)
            guard let url = profile.linkURL(code: code, target: target) else {
                throw .backend("no click URL for link \(code) on \(target.baseURL.absoluteString)")
            }
            let link = ScenarioLink(
                url: profile.scriptedClickURL(url, gathered: PageSignals(population.browser(of: device))),
                path: "/" + code,
                code: code)
            let click = try await backend.click(link, browser: population.safari(of: device), useDevEndpoint: false)
            if population.clipboardClick(of: device) != nil, !click.token.isEmpty { tokens[device] = click.token }
        }

        /// Runs `device`'s first launch on the real SDK and reads what it delivered and what the server decided.
        mutating func launch(_ device: Int) async throws(DashboardError) -> LabOutcome {
            let population = job.population
            guard let launch = population.launch(of: device) else {
                throw .backend("device \(device) has no first open")
            }
            let app = launch.app
            let values = FingerprintValues(
                platform: "iOS", osVersion: app.osVersion, deviceModel: app.deviceModel, language: app.language,
                timezone: app.timezone, networkAddress: launch.address)
            let address = AddressBox(launch.address)
            let configuration: OptoLinkConfiguration
            do {
                configuration = try profile.configuration(
                    settings: DeviceSettings(target: target, app: values, clipboardEnabled: true), address: address)
            } catch {
                throw .usage("the SDK refused its \(job.service.displayName) configuration: \(error)")
            }
            let store = InMemoryKeyValueStore()
            let token = launch.clipboardClick.flatMap { tokens.removeValue(forKey: $0) }
            let environment = OptoLinkEnvironment(
                store: store, pasteboard: InMemoryPasteboard(string: token),
                deviceInfo: FixedDeviceInfo(
                    Fingerprint(
                        platform: "iOS", osVersion: app.osVersion, deviceModel: app.deviceModel,
                        language: app.language, timezone: app.timezone),
                    screen: DeviceScreens.screen(of: app.deviceModel)),
                transport: ForwardedForTransport(
                    base: network, address: { launch.address }, appLanguage: { app.acceptLanguage }),
                clock: SystemClock(), isAppExtension: false)
            let sdk = OptoLink.start(configuration: configuration, environment: environment)
            let diagnostics = sdk.diagnostics
            let seen = Task {
                var last: [String] = []
                var refused: Int?
                for await diagnostic in diagnostics {
                    last = Array((last + ["\(diagnostic.kind)"]).suffix(4))
                    if case .requestFinished(_, .match, _, let status?) = diagnostic.kind, (400..<500).contains(status),
                        status != 429
                    {
                        refused = status
                    }
                }
                return (last: last, refused: refused)
            }
            let delivered = await sdk.resolveDeferredLink()
            await sdk.shutdown()
            let sdkSaw = await seen.value
            guard let (attempt, from) = try await backend.latestMatchAttempt(), attempt.id != lastAttempt,
                from == launch.address
            else {
                // The server refused the request before matching (AppsFlyer's S2S `ip` is IPv4 only): as
                // deployed, the install is not attributed.
                if delivered == nil, sdkSaw.refused != nil {
                    return LabOutcome(
                        device: device, in: population, matchedClick: nil, method: .none, score: nil,
                        guardFired: false)
                }
                throw .backend(
                    "\(job.service.displayName) install \(device): the server recorded no match attempt from "
                        + "\(launch.address); the SDK's last diagnostics: \(sdkSaw.last.joined(separator: "; "))")
            }
            lastAttempt = attempt.id
            let matched = delivered.flatMap { LabControl.click(ofPath: $0.path) }
            guard (matched != nil) == attempt.matched else {
                throw .backend(
                    "install \(device): the SDK delivered \(delivered.map { "a link to \($0.path)" } ?? "nothing") "
                        + "but the server "
                        + "\(attempt.matched ? "matched \(attempt.path ?? "a click")" : "matched nothing")"
                )
            }
            let method = LabMethod(DirectMatcher.Decision.Method(rawValue: attempt.method))
            let score: Int? =
                method == .clipboard || matched == nil
                ? nil
                : attempt.score.map { Int($0) }
                    ?? attempt.breakdown?.candidates.first { $0.shortCode == matched.map(LabControl.code(ofClick:)) }
                    .map(\.total)
            return LabOutcome(
                device: device, in: population, matchedClick: matched, method: method, score: score,
                guardFired: attempt.breakdown?.guardFired ?? false)
        }
    }
}

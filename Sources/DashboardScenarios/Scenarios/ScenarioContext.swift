import DashboardCore
import DashboardProxy
import Foundation
import OptoLink
import OptoLinkFaults

/// What a scenario body works with: fresh devices on this run's own network addresses, browser clicks,
/// faults, the server's match breakdowns, helpers that wait for what the device reports, and ``step(_:)``,
/// which names the part of the flow that follows for the checklist.
package actor ScenarioContext {
    /// The shared environment.
    package nonisolated let environment: ScenarioEnvironment
    /// This run's app-side network address.
    package nonisolated let appAddress: String
    /// This run's "other Wi-Fi" address.
    package nonisolated let otherAddress: String
    /// `maxRetries` of scenario devices (the SDK's default).
    package nonisolated let maxRetries = 2
    /// The devices this run created, oldest first.
    package private(set) var devices: [SimulatedDevice] = []
    private nonisolated let steps: ScenarioStepTracker

    init(environment: ScenarioEnvironment, steps: [String] = []) {
        self.environment = environment
        self.steps = ScenarioStepTracker(plan: steps)
        (appAddress, otherAddress) = environment.nextAddresses()
    }

    /// Marks the start of the scenario's next step: the step before it passed (the body got here), `name`
    /// runs until the next call or the end of the body, and takes the FAIL when a check in it fails.
    ///
    /// ```swift
    /// ctx.step("first launch")
    /// let link = try await ctx.firstLaunch(device)
    /// ctx.step("/match → CLIPBOARD exact")
    /// try check(link?.matchType == .clipboard, "expected CLIPBOARD, got \(describe(link))")
    /// ```
    ///
    /// Emits ``DashboardAction/scenarioStepPassed(_:)`` and ``DashboardAction/scenarioStepStarted(_:)``. A name
    /// missing from the scenario's ``Scenario/steps`` still shows (appended), with a warning in the log.
    package nonisolated func step(_ name: String) {
        warnUnplanned([name])
        for action in steps.begin(name) { environment.observer.emit(action) }
    }

    /// Warns in the log of each of `names` the scenario's plan does not have.
    private nonisolated func warnUnplanned(_ names: [String]) {
        for name in names where !steps.plan.contains(name) {
            note(level: .warning, "step '\(name)' is not in the scenario's plan")
        }
    }

    /// Marks `names` (the open step, steps of the plan still to come, or both) as not checked for `reason`; an
    /// open step not among them passed. A body calls it just before it returns, when the deployment cannot show
    /// what those steps check.
    package nonisolated func leaveUnchecked(_ names: [String], because reason: String) {
        warnUnplanned(names)
        for action in steps.leaveUnchecked(names, because: reason) { environment.observer.emit(action) }
    }

    /// Ends the open step with the run's outcome (the runner calls it once the body is over or timed out).
    nonisolated func closeSteps(_ outcome: ScenarioOutcome) {
        for action in steps.close(outcome) { environment.observer.emit(action) }
    }

    /// The SDK's `backoffBase` for this run.
    package nonisolated var backoffBase: Double { environment.backoffBase }
    /// The backend.
    package nonisolated var target: BackendTarget { environment.target }
    /// What the dashboard knows about the backend's service.
    nonisolated var profile: any ServiceProfile { environment.target.profile }

    /// The link of `role` (the runner skips a scenario whose roles have none, so a body always finds it).
    package nonisolated func link(_ role: LinkRole) throws(DashboardError) -> ScenarioLink {
        guard let link = target.link(role) else { throw .scenario("no \(role.rawValue) link: give one with --link") }
        return link
    }

    /// The app-side traits: the demo iPhone on this run's address.
    package nonisolated var app: FingerprintValues {
        var values = FingerprintValues.demoPhone
        values.networkAddress = appAddress
        return values
    }

    /// A browser: the app's traits on the same or the other network, then `change` applied.
    package nonisolated func browser(sameNetwork: Bool = true, _ change: (inout FingerprintValues) -> Void = { _ in })
        -> FingerprintValues
    {
        var values = app
        if !sameNetwork { values.networkAddress = otherAddress }
        change(&values)
        return values
    }

    /// A fresh device (never launched) with this run's app traits.
    package func makeDevice(
        clipboardEnabled: Bool = true, timeout: Double = 10, baseURL: URL? = nil, devKey: DevKey? = nil
    ) -> SimulatedDevice {
        var target = environment.target
        target.baseURL = baseURL ?? environment.deviceBaseURL
        if let devKey { target.devKey = devKey }
        let observer = environment.observer
        let device = SimulatedDevice(
            settings: DeviceSettings(
                target: target, app: app, clipboardEnabled: clipboardEnabled,
                backoffBase: environment.backoffBase, timeout: timeout, maxRetries: maxRetries,
                upstream: baseURL == nil ? environment.deviceUpstream : nil),
            idSpace: environment.idSpace, observer: { await observer.observe($0, $1) })
        devices.append(device)
        for field in FingerprintField.allCases {
            observer.emit(.setFingerprintField(.app, field, app[field]))
        }
        let signs = devKey.map { ", its backend signs with the DevKey \(SecretMask.key($0.rawValue))" } ?? ""
        note(
            "device: \(app.platform) \(app.osVersion) \(app.deviceModel) \(app.language) \(app.timezone) on "
                + "\(app.networkAddress)"
                + (baseURL.map { " → \($0.absoluteString)" }
                    ?? (target.baseURL != environment.target.baseURL
                        ? " → the fault proxy \(target.baseURL.absoluteString)" : ""))
                + (clipboardEnabled ? "" : ", clipboard reading off")
                + (timeout != 10 ? ", timeout \(formatSeconds(timeout))" : "")
                + signs)
        return device
    }

    /// A browser with `browser`'s traits clicks the link of `role`; the token lands on `device`'s pasteboard.
    /// The browser's hops go to the timeline and the inspector (``DashboardAction/browserVisited(_:)``).
    @discardableResult
    package func click(
        _ role: LinkRole = .main, browser: FingerprintValues, ageSeconds: Double? = nil, onto device: SimulatedDevice
    ) async throws(DashboardError) -> BackendClient.Click {
        let observer = environment.observer
        let click = try await environment.backend.click(
            link(role), browser: browser, ageSeconds: ageSeconds, useDevEndpoint: environment.capabilities.clickRoute,
            observe: { observer.emit(.browserVisited($0)) })
        // Only a service with clipboard matching has a click page that writes its token to the pasteboard.
        let onPasteboard = profile.lacks(.clipboard) == nil
        if onPasteboard { device.pasteboard.content = click.token }
        for field in FingerprintField.allCases {
            environment.observer.emit(.setFingerprintField(.browser, field, browser[field]))
        }
        note(
            "browser click on \(target.linkLabel(role)) from \(browser.networkAddress) (\(browser.platform) "
                + "\(browser.osVersion) "
                + "\(browser.deviceModel) \(browser.language) \(browser.timezone))"
                + (ageSeconds.map { ", \(Int($0)) s ago" } ?? "")
                + (click.visit.map { " through \($0.hops.count) hop\($0.hops.count == 1 ? "" : "s")" } ?? "")
                + (onPasteboard ? ": token \(click.token) on the pasteboard" : ""))
        return click
    }

    /// Injects `fault` on one of the service's routes for the next `count` requests.
    func fault(_ route: ServiceRoute, _ fault: Fault, count: Int) async throws(DashboardError) {
        guard let name = profile.faultRoute(route) else {
            throw .scenario("\(profile.name) has no \(route) route to fault")
        }
        try await self.fault(
            FaultRule(route: name, fault: fault, count: count), proxyRoute: profile.proxyRoute(route, target: target))
    }

    /// The click the scenarios that need "a deferred match" make (``ServiceProfile/standardDeferred``).
    @discardableResult
    func standardClick(onto device: SimulatedDevice) async throws(DashboardError) -> BackendClient.Click {
        try await click(.main, browser: browser(sameNetwork: profile.standardDeferred.sameNetwork), onto: device)
    }

    /// Checks a deferred link against what the service answers for `decision` on the main link: the engine's
    /// own choice only where it is known (``ScenarioEnvironment/engineKnown``).
    ///
    /// Where the run does not own the address's clicks (``ownsClicks``), an OptoLink match the chain ranks above
    /// `decision` is a documented outcome too: a click this run did not make (the user's own, or one kept for its
    /// grace) won. It is accepted and named in the log.
    /// - Returns: true when the answer is `decision` for the run's own click; false when a click ranked above it won.
    @discardableResult
    nonisolated func checkDeferred(_ link: OptoLinkData?, _ decision: EngineDecision) throws(DashboardError) -> Bool {
        do {
            try profile.check(
                link, decision: decision, path: target.link(.main)?.path, engineKnown: environment.engineKnown)
            return true
        } catch {
            guard !ownsClicks, let link, let won = EngineDecision.stated(by: link), let rank = won.rank,
                rank > decision.rank ?? .max
            else { throw error }
            note(
                "\(describe(link)) won over the \(profile.outcomeLabel(decision)) expected for this run's click: the "
                    + "chain ranks it higher, so a click this run did not make (waiting from the address, or kept for "
                    + "its grace) matched first")
            return false
        }
    }

    /// The PASS detail of a deferred check that a click of someone else's won (``checkDeferred(_:_:)`` false).
    nonisolated func wonByAnotherClick(_ link: OptoLinkData?) -> String {
        "\(describe(link)): a click this run did not make ranked higher and won (the run's own click not checked)"
    }

    /// Whether every click the deployment holds for this run's addresses is this run's own: the reference server
    /// takes each simulated network's address, so nothing else waits there. Any other deployment may see the run's
    /// requests from the user's own address, where a click of the user's may be waiting, or one kept for its grace.
    nonisolated var ownsClicks: Bool { environment.capabilities.referenceServer }

    /// Checks that no deferred link came (`expected` says why none should). Where the run does not own the clicks
    /// (``ownsClicks``), a link to another destination than `ownPath` (the path of the click this run made and
    /// expects no match for; nil when it made none) is a documented outcome too: a click already waiting from the
    /// address matched. Returns the line that says which outcome happened; throws the FAIL detail otherwise.
    nonisolated func checkNoLink(_ link: OptoLinkData?, expected: String, ownPath: String?) throws(DashboardError)
        -> String
    {
        guard let link else { return "no link" }
        guard !ownsClicks else { throw .scenario("expected \(expected), got \(describe(link))") }
        if let ownPath, link.path == ownPath {
            throw .scenario(
                "expected \(expected), got \(describe(link)): the run's own click on \(ownPath) matched, or a click "
                    + "already waiting from this address on the same link did")
        }
        note(
            "a link came from a click this run did not make (\(link.path)): \(target.service.displayName) "
                + "may match a click "
                + "already waiting from the address the run's requests come from; not this run's state")
        return "a click already waiting from this address matched (\(describe(link))), not one of this run's"
    }

    /// Injects `rule` through `POST /dev/faults`, or else through the fault proxy on `proxyRoute` (the proxy's
    /// name for the route, when it differs from the server's).
    package func fault(_ rule: FaultRule, proxyRoute: String? = nil) async throws(DashboardError) {
        if environment.capabilities.faults {
            try await environment.backend.addFault(rule)
            note("fault injected by the server (/dev/faults): \(rule.label)")
        } else if let proxy = environment.faultProxy {
            proxy.add(rule.on(route: proxyRoute ?? rule.route))
            note("fault injected by the proxy (\(proxy.url.absoluteString)): \(rule.label)")
        } else {
            throw .scenario("cannot inject \(rule.label): the backend has no /dev/faults and no fault proxy runs")
        }
    }

    /// Whether the server's match breakdowns (`/dev/match-attempts`) can be read.
    package nonisolated var hasMatchAttempts: Bool { environment.capabilities.matchAttempts }

    /// The server's record of `device`'s match attempts, newest first.
    package func matchAttempts(of device: SimulatedDevice) async throws(DashboardError) -> [MatchAttempt] {
        try await environment.backend.matchAttempts(deviceId: device.deviceId, address: device.networkAddress)
    }

    /// Install and first launch, then waits until the first launch settled and its match result was reported.
    /// - Returns: the deferred link (nil: no match or failure).
    package func firstLaunch(_ device: SimulatedDevice) async throws(DashboardError) -> OptoLinkData? {
        try await device.installAndLaunch()
        let launch = await device.launchCount
        let link = await device.resolveDeferredLink()
        try await waitFor(device, "the first launch's match result") { recorder in
            recorder.diagnostics.contains { record in
                if case .matchResult = record.kind { return record.launch == launch }
                return false
            }
        }
        if let link {
            try await waitFor(device, "the deferred link on the link stream") { $0.links.contains(link) }
        }
        return link
    }

    /// Waits until `condition` holds on the device's recorder (real time), or fails the scenario.
    ///
    /// - Parameter unlessRefused: endpoints whose refusal ends the wait at once, failing: a request to one of
    ///   them that finished with a 4xx other than 429 (final for the SDK: a wrong key, a refused body), so what
    ///   is awaited can no longer come; the FAIL line names the answer instead of a timeout 30 s later. A
    ///   timeout names the last of their requests that ended without a 2xx, if any.
    package func waitFor(
        _ device: SimulatedDevice, _ what: String, timeout: Double = 30, unlessRefused endpoints: Set<Endpoint> = [],
        _ condition: @escaping @Sendable (DeviceRecorder) -> Bool
    ) async throws(DashboardError) {
        let limit = timeout + 10 * environment.backoffBase
        let refusal: @Sendable (DeviceRecorder) -> RequestTrace? = { recorder in
            recorder.requests.first { endpoints.contains($0.endpoint) && $0.isRefused }
        }
        let held = await device.recorder.wait(timeout: limit) { condition($0) || refusal($0) != nil }
        if held, !condition(device.recorder), let refused = refusal(device.recorder) {
            throw .scenario(cannotCome(what, refused: refused))
        }
        guard held else {
            throw .scenario(timedOut(what, after: limit, requests: device.recorder.requests, endpoints: endpoints))
        }
    }

    /// The FAIL detail of `what`, which a refusal of `refused`'s request (a 4xx but 429) keeps from coming.
    private nonisolated func cannotCome(_ what: String, refused: RequestTrace) -> String {
        "\(what) cannot come: \(label(refused.endpoint)) was refused (\(describe(refused)))"
    }

    /// The FAIL detail of a wait for `what` that ended after `limit` seconds: with the last of the requests to
    /// `endpoints` that ended without a 2xx (the SDK gave up on it), when there is one.
    nonisolated func timedOut(_ what: String, after limit: Double, requests: [RequestTrace], endpoints: Set<Endpoint>)
        -> String
    {
        let failed = requests.last { trace in
            endpoints.contains(trace.endpoint) && trace.isFinished
                && !(trace.finalStatus.map { (200..<300).contains($0) } ?? false)
        }
        return "timed out after \(Int(limit)) s waiting for \(what)"
            + (failed.map { ": the last \(label($0.endpoint)) → \(describe($0))" } ?? "")
    }

    /// Waits for the link an open of `url` delivers (`condition`), and fails as soon as the deployment has
    /// answered that open without one: a link it does not know, or an open that failed, named with its answer,
    /// instead of a timeout 30 s later. `delivered` is whether the SDK's call (`handle(url:)`,
    /// `resolveDeferredLink()`) returned a link: when it returned none, the stream gets none either, so an
    /// answered open without the link fails at once.
    package func waitForOpenedLink(
        _ device: SimulatedDevice, url: URL, delivered: Bool,
        _ condition: @escaping @Sendable (DeviceRecorder) -> Bool
    ) async throws(DashboardError) {
        let what = "the link behind \(url.absoluteString)"
        // Every open finished, whatever its answer: a refusal is named as one by ``waitFor``'s own check, and
        // anything else the SDK ended on (a 404, a 429 it gave up on, no answer) by ``openWithoutLink``.
        let answered: @Sendable (DeviceRecorder) -> Bool = { recorder in
            let opens = recorder.requests(to: .linkData)
            return !opens.isEmpty && opens.allSatisfy(\.isFinished)
        }
        try await waitFor(device, what, unlessRefused: [.linkData]) { condition($0) || answered($0) }
        if condition(device.recorder) { return }
        // A link the SDK returned reaches the stream's reader a moment after the call returned: give it that
        // moment. Without one returned there is nothing to wait for.
        if delivered, await device.recorder.wait(timeout: 2, until: condition) { return }
        throw openWithoutLink(device, url: url)
    }

    /// Checks that the deployment answered the open of `url` as a link it knows (its open, once finished, answered
    /// 200), not as a URL to route by itself (Deep Blue's 404, after which the SDK delivers the URL's own path).
    package func checkOpenedAsALink(_ device: SimulatedDevice, url: URL) async throws(DashboardError) {
        // The link reaches the stream from the transport's callback, before the request's own diagnostics.
        try await waitFor(device, "the \(label(.linkData)) request to finish") { recorder in
            let opens = recorder.requests(to: .linkData)
            return !opens.isEmpty && opens.allSatisfy(\.isFinished)
        }
        guard device.recorder.requests(to: .linkData).last?.finalStatus != 200 else { return }
        throw openWithoutLink(device, url: url)
    }

    /// Why the open of `url` brought no link of the deployment's, naming its answer: a link it does not know (a
    /// 404, or a 2xx without a link), an answer the SDK could not use (it logged why), or an open that failed.
    private nonisolated func openWithoutLink(_ device: SimulatedDevice, url: URL) -> DashboardError {
        let trace = device.recorder.requests(to: .linkData).last
        let answer =
            device.recorder.diagnostics.last { $0.exchange?.endpoint == Endpoint.linkData.rawValue }?
            .exchange?.responseBody.map { " " + BodyExcerpt.line($0.text) } ?? ""
        let said = trace.map { "\(label(.linkData)) → \(describe($0))" } ?? "no \(label(.linkData)) was sent"
        let service = target.service.displayName
        // The SDK logs an answer it cannot use as an error, and a documented "no link" as information.
        let started = trace?.attempts.first?.start ?? .infinity
        let sdkReason = device.recorder.diagnostics.reversed().lazy.compactMap { record -> String? in
            guard record.time >= started, case .log(.error, let message) = record.event, !message.isEmpty else {
                return nil
            }
            return message
        }.first
        guard let status = trace?.finalStatus, (200..<300).contains(status) || status == 404 else {
            if let trace, trace.isRefused {
                return .scenario(cannotCome("the link behind \(url.absoluteString)", refused: trace))
            }
            return .scenario("the link behind \(url.absoluteString) did not come: \(said)\(answer)")
        }
        if (200..<300).contains(status), let sdkReason {
            return .scenario(
                "\(service) answered \(url.absoluteString) with what the SDK cannot use: \(said)\(answer) "
                    + "(\(sdkReason))")
        }
        return .scenario("\(service) says \(url.absoluteString) is not a link it knows: \(said)\(answer); check --link")
    }

    /// How the service names the route of `endpoint` (`/match`, `/api/v1/sdk/resolve`…; `/sdk/…` for OptoLink's
    /// session and identity calls).
    private nonisolated func label(_ endpoint: Endpoint) -> String { FailureCause.label(endpoint, profile) }

    /// A line for the timeline / log.
    package nonisolated func note(level: DashboardLogLevel = .info, _ text: String) {
        environment.observer.emit(.log(level, text))
    }
}

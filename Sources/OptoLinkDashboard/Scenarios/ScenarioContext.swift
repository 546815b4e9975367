import Foundation
import OptoLink

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
        if !steps.plan.contains(name) { note(level: .warning, "step '\(name)' is not in the scenario's plan") }
        for action in steps.begin(name) { environment.observer.emit(action) }
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
        clipboardEnabled: Bool = true, timeout: Double = 10, baseURL: URL? = nil, devKey: String? = nil
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
        note(
            "device: \(app.platform) \(app.osVersion) \(app.deviceModel) \(app.language) \(app.timezone) on \(app.networkAddress)"
                + (baseURL.map { " → \($0.absoluteString)" }
                    ?? (target.baseURL != environment.target.baseURL
                        ? " → the fault proxy \(target.baseURL.absoluteString)" : ""))
                + (clipboardEnabled ? "" : ", clipboard reading off")
                + (timeout != 10 ? ", timeout \(formatSeconds(timeout))" : "")
                + (devKey.map { ", its backend signs with the DevKey \(SecretMask.key($0))" } ?? ""))
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
            link(role), browser: browser, ageSeconds: ageSeconds, useDevEndpoint: environment.hasDevEndpoints,
            observe: { observer.emit(.browserVisited($0)) })
        // Only a service with clipboard matching has a click page that writes its token to the pasteboard.
        let onPasteboard = profile.lacks(.clipboard) == nil
        if onPasteboard { device.pasteboard.content = click.token }
        for field in FingerprintField.allCases {
            environment.observer.emit(.setFingerprintField(.browser, field, browser[field]))
        }
        note(
            "browser click on \(target.linkLabel(role)) from \(browser.networkAddress) (\(browser.platform) \(browser.osVersion) "
                + "\(browser.deviceModel) \(browser.language) \(browser.timezone))"
                + (ageSeconds.map { ", \(Int($0)) s ago" } ?? "")
                + (click.visit.map { " through \($0.hops.count) hop\($0.hops.count == 1 ? "" : "s")" } ?? "")
                + (onPasteboard ? ": token \(click.token) on the pasteboard" : ""))
        return click
    }

    /// Injects a fault on one of the service's routes: `kind` `status` (with `status`), `delay` (with
    /// `delaySeconds`) or `drop`, for the next `count` requests.
    func fault(
        _ route: ServiceRoute, kind: String, status: Int? = nil, delaySeconds: Double? = nil, count: Int
    ) async throws(DashboardError) {
        guard let name = profile.faultRoute(route) else {
            throw .scenario("\(profile.name) has no \(route) route to fault")
        }
        var spec = FaultSpec(route: name, kind: kind, status: status, delaySeconds: delaySeconds, count: count)
        spec.proxyRoute = profile.proxyRoute(route, target: target)
        try await fault(spec)
    }

    /// The click the scenarios that need "a deferred match" make (``ServiceProfile/standardDeferred``).
    @discardableResult
    func standardClick(onto device: SimulatedDevice) async throws(DashboardError) -> BackendClient.Click {
        try await click(.main, browser: browser(sameNetwork: profile.standardDeferred.sameNetwork), onto: device)
    }

    /// Checks a deferred link against what the service answers for `decision` on the main link: the engine's
    /// own choice only where it is known (``ScenarioEnvironment/engineKnown``).
    nonisolated func checkDeferred(_ link: OptoLinkData?, _ decision: EngineDecision) throws(DashboardError) {
        try profile.check(
            link, decision: decision, path: target.link(.main)?.path, engineKnown: environment.engineKnown)
    }

    /// Injects a fault through `POST /dev/faults`.
    package func fault(_ spec: FaultSpec) async throws(DashboardError) {
        if environment.hasDevEndpoints {
            try await environment.backend.addFault(spec)
            note("fault injected by the server (/dev/faults): \(spec.label)")
        } else if let proxy = environment.faultProxy {
            proxy.add(spec.proxyRule)
            note("fault injected by the proxy (\(proxy.url.absoluteString)): \(spec.label)")
        } else {
            throw .scenario("cannot inject \(spec.label): the backend has no /dev/faults and no fault proxy runs")
        }
    }

    /// Whether the server's match breakdowns (`/dev/match-attempts`) can be read.
    package nonisolated var hasMatchAttempts: Bool { environment.hasDevEndpoints }

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
    ///   is awaited can no longer come; the FAIL line names the answer instead of a timeout 30 s later.
    package func waitFor(
        _ device: SimulatedDevice, _ what: String, timeout: Double = 30, unlessRefused endpoints: Set<Endpoint> = [],
        _ condition: @escaping @Sendable (DeviceRecorder) -> Bool
    ) async throws(DashboardError) {
        let limit = timeout + 10 * environment.backoffBase
        let refusal: @Sendable (DeviceRecorder) -> RequestTrace? = { recorder in
            recorder.requests.first { trace in
                endpoints.contains(trace.endpoint) && trace.isFinished
                    && trace.finalStatus.map { (400..<500).contains($0) && $0 != 429 } == true
            }
        }
        let held = await device.recorder.wait(timeout: limit) { condition($0) || refusal($0) != nil }
        if held, !condition(device.recorder), let refused = refusal(device.recorder) {
            throw .scenario("\(what) cannot come: \(label(refused.endpoint)) was refused (\(describe(refused)))")
        }
        guard held else { throw .scenario("timed out after \(Int(limit)) s waiting for \(what)") }
    }

    /// How the service names the route of `endpoint` (`/match`, `/api/v1/sdk/resolve`…; `/sdk/…` for OptoLink's
    /// session and identity calls).
    private nonisolated func label(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case .linkData: profile.label(.open)
        case .match: profile.label(.match)
        case .events: profile.label(.events)
        default: "/sdk/" + endpoint.rawValue
        }
    }

    /// A line for the timeline / log.
    package nonisolated func note(level: DashboardLogLevel = .info, _ text: String) {
        environment.observer.emit(.log(level, text))
    }
}

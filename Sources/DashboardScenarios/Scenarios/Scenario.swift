import DashboardCore
import Foundation
import OptoLink

/// A named, scripted flow that states what it expects and ends PASS or FAIL with a detail line.
///
/// The body drives a fresh ``SimulatedDevice`` through a ``ScenarioContext`` and checks what actually
/// happened (diagnostics, the link stream, the server's answers). It returns the PASS detail, or throws
/// ``DashboardError/scenario(_:)`` (through ``check(_:_:)``) with the FAIL detail.
///
/// Its ``steps`` are the checklist a partner follows: the body marks where each begins with
/// ``ScenarioContext/step(_:)``, in this order.
///
/// ```swift
/// Scenario(name: "deferred-clipboard", expectation: "…", steps: ["click from another network", "first launch"],
///          needsDevEndpoints: false) { ctx in
///     let device = await ctx.makeDevice()
///     ctx.step("click from another network")
///     try await ctx.click("summer", browser: ctx.browser(sameNetwork: false), onto: device)
///     ctx.step("first launch")
///     …
/// }
/// ```
package struct Scenario: Sendable {
    /// The name (`deferred-clipboard`…).
    package let name: String
    /// What it expects, in one line.
    package let expectation: String
    /// The named steps, in the order the body reaches them (the checklist shown while it runs).
    package let steps: [String]
    /// Whether it needs the backend's `/dev` endpoints (clicks with every trait, faults, breakdowns).
    package let needsDevEndpoints: Bool
    /// What it does when the backend has no `/dev` endpoints (only read when ``needsDevEndpoints``).
    package let withoutDevEndpoints: DevFallback
    /// What it needs from a service (a service that lacks one skips it, naming what it lacks).
    let needs: [ScenarioNeed]
    /// The roles of the short links it clicks or opens (a target without one skips it: `needs --link`).
    package let links: [LinkRole]
    /// The one service it is about (nil: every service).
    let onlyFor: OptoLinkService?
    /// Why it is only about ``onlyFor`` (the SKIP reason under the other services).
    let onlyForReason: String
    /// What it does without `/dev` endpoints against a target's service.
    let devFallback: @Sendable (BackendTarget) -> DevFallback
    /// Its plan of steps and its expectation against a target's service.
    let plan: @Sendable (BackendTarget) -> (steps: [String], expectation: String)
    let body: @Sendable (ScenarioContext) async throws -> String

    /// Creates a scenario.
    /// - Parameters:
    ///   - name: the name.
    ///   - expectation: what it expects, in one line.
    ///   - steps: its named steps (default none: the checklist then only shows the verdict).
    ///   - needsDevEndpoints: whether it needs the backend's `/dev` endpoints.
    ///   - withoutDevEndpoints: what it does without them (default: skip, saying it needs them).
    ///   - body: the flow; returns the PASS detail or throws the FAIL detail.
    package init(
        name: String, expectation: String, steps: [String] = [], needsDevEndpoints: Bool,
        withoutDevEndpoints: DevFallback = .skip("backend has no dev endpoints"),
        body: @escaping @Sendable (ScenarioContext) async throws -> String
    ) {
        self.withoutDevEndpoints = withoutDevEndpoints
        self.name = name
        self.expectation = expectation
        self.steps = steps
        self.needsDevEndpoints = needsDevEndpoints
        self.needs = []
        self.links = []
        self.onlyFor = nil
        self.onlyForReason = ""
        self.devFallback = { _ in withoutDevEndpoints }
        self.plan = { _ in (steps, expectation) }
        self.body = body
    }

    /// Creates a scenario whose steps and expectation follow the selected service (``steps`` and
    /// ``expectation`` are OptoLink's, or those of the one service it is about).
    /// - Parameters:
    ///   - needs: what it needs from a service (a service lacking one skips it with the profile's reason).
    ///   - links: the roles of the short links it clicks or opens.
    ///   - onlyFor: the one service it is about (nil: every service); `because` says why, for the SKIP line.
    ///   - devFallback: what it does without `/dev` endpoints per target, when that differs by service
    ///     (default `withoutDevEndpoints` for every service).
    /// - plan: its steps and expectation against a target (the step names its body passes to
    /// ``ScenarioContext/step(_:)``).
    init(
        name: String, needs: [ScenarioNeed] = [], onlyFor: OptoLinkService? = nil, because: String = "",
        links: [LinkRole] = [], needsDevEndpoints: Bool,
        withoutDevEndpoints: DevFallback = .skip("backend has no dev endpoints"),
        devFallback: (@Sendable (BackendTarget) -> DevFallback)? = nil,
        plan: @escaping @Sendable (BackendTarget) -> (steps: [String], expectation: String),
        body: @escaping @Sendable (ScenarioContext) async throws -> String
    ) {
        let own = BackendTarget.demo(onlyFor ?? .optoLink, baseURL: URL(string: "http://127.0.0.1")!)
        let optoLink = plan(own)
        let fallback = devFallback ?? { _ in withoutDevEndpoints }
        self.devFallback = fallback
        self.name = name
        self.expectation = optoLink.expectation
        self.steps = optoLink.steps
        self.needsDevEndpoints = needsDevEndpoints
        self.withoutDevEndpoints = fallback(own)
        self.needs = needs
        self.links = links
        self.onlyFor = onlyFor
        self.onlyForReason = because
        self.plan = plan
        self.body = body
    }

    /// The steps against `service` (``steps`` for the scenario's own service) on the embedded server.
    package func steps(for service: OptoLinkService) -> [String] {
        plan(.demo(service, baseURL: URL(string: "http://127.0.0.1")!)).steps
    }

    /// What it expects against `service` on the embedded server.
    package func expectation(for service: OptoLinkService) -> String {
        plan(.demo(service, baseURL: URL(string: "http://127.0.0.1")!)).expectation
    }

    /// What it expects against `target` (its links and keys).
    package func expectation(for target: BackendTarget) -> String { plan(target).expectation }

    /// Why it does not run against `target`, before asking the backend anything: the service lacks what it
    /// needs (``skipReason(for:)``), or a short link it clicks was not given (`needs --link`); nil when it may run.
    package func skipReason(for target: BackendTarget) -> String? {
        if let reason = skipReason(for: target.service) { return reason }
        guard let missing = links.first(where: { target.link($0) == nil }) else { return nil }
        if missing.fallback != nil || missing == .main || target.link(.main) == nil {
            return "needs --link (the short link to click on \(target.service.displayName))"
        }
        return "needs --link \(missing.rawValue)=URL (\(missing.purpose))"
    }

    /// Why it does not run against `service` (`QubeRoute has no clipboard matching`…); nil when it runs.
    package func skipReason(for service: OptoLinkService) -> String? {
        if let onlyFor, onlyFor != service { return "\(onlyFor.displayName) only: \(onlyForReason)" }
        let profile = ServiceProfiles.profile(for: service)
        return needs.lazy.compactMap(profile.lacks).first
    }
}

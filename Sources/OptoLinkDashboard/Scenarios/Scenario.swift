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
public struct Scenario: Sendable {
    /// The name (`deferred-clipboard`…).
    public let name: String
    /// What it expects, in one line.
    public let expectation: String
    /// The named steps, in the order the body reaches them (the checklist shown while it runs).
    public let steps: [String]
    /// Whether it needs the backend's `/dev` endpoints (clicks with every trait, faults, breakdowns).
    public let needsDevEndpoints: Bool
    /// What it does when the backend has no `/dev` endpoints (only read when ``needsDevEndpoints``).
    public let withoutDevEndpoints: DevFallback
    let body: @Sendable (ScenarioContext) async throws -> String

    /// Creates a scenario.
    /// - Parameters:
    ///   - name: the name.
    ///   - expectation: what it expects, in one line.
    ///   - steps: its named steps (default none: the checklist then only shows the verdict).
    ///   - needsDevEndpoints: whether it needs the backend's `/dev` endpoints.
    ///   - withoutDevEndpoints: what it does without them (default: skip, saying it needs them).
    ///   - body: the flow; returns the PASS detail or throws the FAIL detail.
    public init(
        name: String, expectation: String, steps: [String] = [], needsDevEndpoints: Bool,
        withoutDevEndpoints: DevFallback = .skip("backend has no dev endpoints"),
        body: @escaping @Sendable (ScenarioContext) async throws -> String
    ) {
        self.withoutDevEndpoints = withoutDevEndpoints
        self.name = name
        self.expectation = expectation
        self.steps = steps
        self.needsDevEndpoints = needsDevEndpoints
        self.body = body
    }
}

/// Fails the running scenario with `detail` unless `condition` holds.
public func check(_ condition: Bool, _ detail: @autoclosure () -> String) throws(DashboardError) {
    if !condition { throw .scenario(detail()) }
}

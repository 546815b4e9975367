/// A named, scripted flow that states what it expects and ends PASS or FAIL with a detail line.
///
/// The body drives a fresh ``SimulatedDevice`` through a ``ScenarioContext`` and checks what actually
/// happened (diagnostics, the link stream, the server's answers). It returns the PASS detail, or throws
/// ``DashboardError/scenario(_:)`` (through ``check(_:_:)``) with the FAIL detail.
public struct Scenario: Sendable {
    /// The name (`deferred-clipboard`…).
    public let name: String
    /// What it expects, in one line.
    public let expectation: String
    /// Whether it needs the backend's `/dev` endpoints (clicks with every trait, faults, breakdowns).
    public let needsDevEndpoints: Bool
    let body: @Sendable (ScenarioContext) async throws -> String

    /// Creates a scenario.
    public init(name: String, expectation: String, needsDevEndpoints: Bool,
                body: @escaping @Sendable (ScenarioContext) async throws -> String) {
        self.name = name
        self.expectation = expectation
        self.needsDevEndpoints = needsDevEndpoints
        self.body = body
    }
}

/// Fails the running scenario with `detail` unless `condition` holds.
public func check(_ condition: Bool, _ detail: @autoclosure () -> String) throws(DashboardError) {
    if !condition { throw .scenario(detail()) }
}

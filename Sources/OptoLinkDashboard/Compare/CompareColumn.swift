import OptoLink

/// One service's column of a compare: where its run is, and what it showed so far.
public struct CompareColumn: Sendable, Hashable {
    /// Where a column's run is.
    public enum Status: Sendable, Hashable {
        /// Not started yet.
        case waiting
        /// Running; the step it is in, when the scenario names its steps.
        case running(step: String?)
        /// Over: PASS, FAIL (with the detail) or SKIP (with the reason).
        case finished(ScenarioOutcome)
    }

    /// The service the column ran against.
    public var service: OptoLinkService
    /// Where its run is.
    public var status: Status
    /// What its device showed.
    public var metrics: CompareMetrics

    /// A column that has not started.
    public init(
        service: OptoLinkService, status: Status = .waiting, metrics: CompareMetrics = CompareMetrics()
    ) {
        self.service = service
        self.status = status
        self.metrics = metrics
    }

    /// The service's name as the column heading shows it (`OptoLink`, `QubeRoute`, `Deep Blue`, `AppsFlyer`).
    public var title: String { Self.title(service) }

    /// The heading for `service`.
    public static func title(_ service: OptoLinkService) -> String {
        switch service {
        case .optoLink: "OptoLink"
        case .quberoute: "QubeRoute"
        case .deepBlue: "Deep Blue"
        case .appsFlyer: "AppsFlyer"
        }
    }
}

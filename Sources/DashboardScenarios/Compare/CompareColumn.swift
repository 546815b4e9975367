import OptoLink

/// One service's column of a compare: where its run is, and what it showed so far.
package struct CompareColumn: Sendable, Hashable {
    /// Where a column's run is.
    package enum Status: Sendable, Hashable {
        /// Not started yet.
        case waiting
        /// Running; the step it is in, when the scenario names its steps.
        case running(step: String?)
        /// Over: PASS, FAIL (with the detail) or SKIP (with the reason).
        case finished(ScenarioOutcome)
    }

    /// The service the column ran against.
    package var service: OptoLinkService
    /// Where its run is.
    package var status: Status
    /// What its device showed.
    package var metrics: CompareMetrics

    /// A column that has not started.
    package init(
        service: OptoLinkService, status: Status = .waiting, metrics: CompareMetrics = CompareMetrics()
    ) {
        self.service = service
        self.status = status
        self.metrics = metrics
    }

    /// The service's name as the column heading shows it (`OptoLink`, `QubeRoute`, `Deep Blue`, `AppsFlyer`).
    package var title: String { Self.title(service) }

    /// The heading for `service`.
    package static func title(_ service: OptoLinkService) -> String {
        switch service {
        case .optoLink: "OptoLink"
        case .quberoute: "QubeRoute"
        case .deepBlue: "Deep Blue"
        case .appsFlyer: "AppsFlyer"
        }
    }
}

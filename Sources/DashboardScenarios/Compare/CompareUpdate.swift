import DashboardCore
import OptoLink

/// What a compare run reports as it goes (``DashboardAction/compare(_:)``): the start, each column's steps
/// and diagnostics, and each column's verdict.
package enum CompareUpdate: Sendable, Hashable {
    /// A compare of `scenario` begins, one column per service, in this order.
    case began(scenario: String, services: [OptoLinkService])
    /// A service's run started the named step (nil: it started, before any step).
    case step(OptoLinkService, String?)
    /// A diagnostic of the service's device, at the SDK's clock time.
    case diagnostic(OptoLinkService, DiagnosticEvent, time: Double)
    /// A service's run ended.
    case finished(OptoLinkService, ScenarioOutcome)
}

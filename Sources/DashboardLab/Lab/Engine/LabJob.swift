import OptoLink
import OptoLinkLabEngine

/// One run of a lab: a population through one service's matching, deciding with one policy.
package struct LabJob: Sendable {
    /// The devices and their events.
    package var population: LabPopulation
    /// The service whose wire format the clicks and first opens follow.
    package var service: OptoLinkService
    /// The backend's threshold, guard, window and points.
    package var policy: DirectMatcher.Policy

    /// A run of `population` for `service` with `policy` (the model's by default).
    package init(population: LabPopulation, service: OptoLinkService, policy: DirectMatcher.Policy? = nil) {
        self.population = population
        self.service = service
        self.policy = policy ?? population.model.policy
    }
}

/// A whole lab's result: the population and one report per service.
package struct LabReport: Sendable {
    /// The lab.
    package var model: LabModel
    /// Installs, organic installs, and clicks (installed or not) in the population.
    package var installs: Int
    /// See ``installs``.
    package var organic: Int
    /// See ``installs``.
    package var clicks: Int
    /// One report per service, in the order asked.
    package var services: [LabServiceReport]
    /// Seconds the whole lab took (population, runs, sweeps).
    package var seconds: Double

    /// A report.
    package init(
        model: LabModel, installs: Int, organic: Int, clicks: Int, services: [LabServiceReport], seconds: Double
    ) {
        self.model = model
        self.installs = installs
        self.organic = organic
        self.clicks = clicks
        self.services = services
        self.seconds = seconds
    }
}

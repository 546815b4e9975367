import OptoLink

extension LabServiceReport {
    /// The chain-alone pass of a replay as a service's report (OptoLink's, by the in-process engine): its counts
    /// on the labeled opens and its sweep, for the charts the lab draws (`--svg`, the sweep's text charts).
    package init(replay report: ReplayReport) {
        service = .optoLink
        engine = "process"
        policy = report.policy.policy
        counts = report.chain
        byMethod = Dictionary(
            uniqueKeysWithValues: LabMethod.allCases.compactMap { method in
                report.chainByMethod[method.key].map { (method, $0) }
            })
        guardFired = report.chainGuardFired
        seconds = 0
        sweep = report.sweep
    }
}

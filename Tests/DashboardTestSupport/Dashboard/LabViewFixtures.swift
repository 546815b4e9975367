import DashboardCore
import DashboardLab
import OptoLink

/// Hand-built Lab view results: four services whose sweep trades recall for precision as the threshold rises,
/// and a few installs of every class.
package enum LabViewFixtures {
    /// The counts at sweep step `step` (0 = threshold 45) for a service `offset` worse than the first.
    package static func counts(step: Int, offset: Int) -> LabCounts {
        var counts = LabCounts()
        counts.correct = 3_000 - 90 * step - 150 * offset
        counts.wrongClick = 260 - 22 * step + 40 * offset
        counts.falseMatch = 140 - 12 * step + 30 * offset
        counts.missed = 740 + 112 * step + 110 * offset
        counts.correctNoMatch = 5_000 - counts.correct - counts.wrongClick - counts.falseMatch - counts.missed
        return counts
    }

    /// The sweep: thresholds 45–95 by 5, the backend's guard (3) and no guard (every point 1 % less precise).
    static func sweep(offset: Int) -> LabSweep {
        let thresholds = Array(stride(from: 45, through: 95, by: 5))
        var points: [LabSweep.Point] = []
        for guardSize in [3, nil] as [Int?] {
            for (step, threshold) in thresholds.enumerated() {
                var counts = counts(step: step, offset: offset)
                if guardSize == nil {
                    counts.falseMatch += 30
                    counts.correctNoMatch -= 30
                }
                points.append(LabSweep.Point(threshold: threshold, guardSize: guardSize, counts: counts))
            }
        }
        return LabSweep(thresholds: thresholds, guards: [3, nil], installs: 5_000, points: points)
    }

    /// Installs of every class: devices `base`…, the wrong ones first as the sample orders them.
    static func installs(base: Int) -> [LabInstallRow] {
        let classes: [(LabOutcomeClass, LabMethod, Int?, Int?)] = [
            (.wrongClick, .scored, 72, base + 900), (.falseMatch, .ip, nil, base + 901), (.missed, .none, nil, nil),
            (.wrongClick, .exact, nil, base + 902), (.falseMatch, .scored, 66, base + 903),
            (.missed, .none, nil, nil), (.correct, .clipboard, nil, 0), (.correctNoMatch, .none, nil, nil),
            (.correct, .scored, 81, 0), (.correctNoMatch, .none, nil, nil), (.correct, .exact, nil, 0),
            (.correctNoMatch, .none, nil, nil),
        ]
        let networks = LabNetworkLabel.allCases
        return classes.enumerated().map { index, item in
            let device = base + index * 7
            let organic = item.0 == .falseMatch || item.0 == .correctNoMatch
            return LabInstallRow(
                device: device, outcome: item.0, method: item.1, score: item.2,
                matchedClick: item.3 == 0 ? device : item.3, network: networks[index % networks.count],
                delay: organic ? nil : Double(90 * (index + 1) * (index + 1)))
        }
    }

    /// A finished default lab of 5 000 installs through the four services.
    package static func result() -> LabViewResult {
        LabViewResult(
            lab: "default", installs: 5_000, organic: 1_000, clicks: 8_000, maxWrong: nil, seconds: 4.25,
            services: OptoLinkService.allCases.enumerated().map { offset, service in
                LabViewResult.ServiceResult(
                    service: service, engine: "process", threshold: 65, counts: counts(step: 4, offset: offset),
                    guardFired: 40 + offset, sweep: sweep(offset: offset), installs: installs(base: 100 * (offset + 1)))
            })
    }

    /// The dashboard with the Lab view open on `result()`, finished.
    package static func finished() -> DashboardState {
        Fixtures.reduced([
            .lab(.started(lab: "default", services: OptoLinkService.allCases, installs: 5_000)),
            .lab(.progress(LabProgress(done: 250_000, total: 250_000, elapsed: 4))),
            .lab(.finished(result())),
        ])
    }

    /// The first run of the Lab view, 42 % through.
    package static func running() -> DashboardState {
        Fixtures.reduced([
            .lab(.started(lab: "default", services: OptoLinkService.allCases, installs: 5_000)),
            .lab(.progress(LabProgress(done: 105_000, total: 250_000, elapsed: 1.75))),
        ])
    }
}

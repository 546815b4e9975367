import Foundation
import OptoLink
import OptoLinkServer
import TestSupport
import Testing

@testable import DashboardLab

/// Properties over seeded populations: models drawn at random (sizes, shares, delays, crowding) from fixed seeds.
@Suite("Lab: properties over seeded populations")
struct LabPropertyTests {
    /// A model with every population knob drawn from `random`, small enough for a debug build.
    static func randomModel(_ random: inout SeededRandom, seed: UInt64) -> LabModel {
        func share(_ upTo: Double = 1) -> Double { Double(random.next() % 1_001) / 1_000 * upTo }
        func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        var model = LabModel()
        model.seed = seed
        model.installs = int(100...1_200)
        model.organicShare = share(0.6)
        model.abandonedPerClick = share(2)
        model.period = Double(int(3_600...(14 * 86_400)))
        model.delayMedian = Double(int(1...7_200))
        model.delayP90 = model.delayMedian * Double(int(2...500))
        model.delayMax = model.delayP90 * 2
        model.cellularShare = share()
        model.officeShare = share()
        model.switchShare = share(0.5)
        let home = int(1...4)
        model.homeDevices = home...(home + int(0...3))
        model.officeDevices = int(2...80)
        model.cgnatDevices = int(2...300)
        model.cgnatAddressChange = share(0.5)
        model.ipv6Share = share()
        model.relayShare = share(0.3)
        model.osUpdateShare = share(0.2)
        model.languageMismatch = share(0.3)
        model.timezoneMismatch = share(0.3)
        model.clipboardWritten = share()
        model.clipboardAllowed = share()
        model.clipboardReading = [ClipboardReading.atFirstLaunch, .whenAppAsks, .never][int(0...2)]
        return model
    }

    @Test func theFiveClassesAlwaysAddUpToTheInstalls() async throws {
        var random = SeededRandom(seed: 0x1ab)
        for seed in UInt64(1)...6 {
            // Given a random model and its population
            let model = Self.randomModel(&random, seed: seed)
            let population = LabPopulation.generate(model)
            for service in OptoLinkService.allCases {
                // When a service decides it
                let run = try await InProcessLabEngine().run(
                    LabJob(population: population, service: service), progress: { _ in })
                let report = LabServiceReport(run: run)

                // Then every install is in exactly one class, and so in each breakdown
                #expect(report.counts.installs == model.installs, "seed \(seed), \(service)")
                #expect(
                    report.counts.clicked + report.counts.falseMatch + report.counts.correctNoMatch == model.installs)
                for groups in [
                    report.byMethod.values.map { $0 }, report.byNetwork.values.map { $0 },
                    report.byDelay.values.map { $0 },
                ] {
                    #expect(groups.reduce(0) { $0 + $1.installs } == model.installs)
                }
                #expect(
                    report.counts.falseMatch + report.counts.correctNoMatch
                        == (0..<population.deviceCount).filter { population.role(of: $0) == .organic }.count)
            }
        }
    }

    @Test func uniqueAddressesNoDelayAndIdenticalFieldsGivePrecisionAndRecallOfOne() async throws {
        var random = SeededRandom(seed: 0x1dea1)
        for seed in UInt64(1)...4 {
            // Given a random model made ideal: every device alone on its home Wi-Fi, its app opening within seconds
            // and reporting what Safari reports
            var model = Self.randomModel(&random, seed: seed)
            model.homeDevices = 1...1
            (model.cellularShare, model.officeShare, model.switchShare) = (0, 0, 0)
            (model.ipv6Share, model.relayShare) = (0, 0)
            (model.delayMedian, model.delayP90, model.delayMax) = (1, 2, 3)
            (model.osUpdateShare, model.languageMismatch, model.timezoneMismatch) = (0, 0, 0)
            model.safariReportedOS = [:]
            let population = LabPopulation.generate(model)
            for service in OptoLinkService.allCases {
                // When a service decides it
                let run = try await InProcessLabEngine().run(
                    LabJob(population: population, service: service), progress: { _ in })
                let counts = LabServiceReport(run: run).counts

                // Then every match names the right click and every click is matched
                #expect(counts.precision ?? 1 == 1, "seed \(seed), \(service): \(counts)")
                #expect(counts.recall ?? 1 == 1, "seed \(seed), \(service): \(counts)")
            }
        }
    }

    @Test func withoutTheGuardAndTheIPFallbackRaisingTheThresholdNeverRaisesTheFalseMatches() async throws {
        var random = SeededRandom(seed: 0x7e5)
        for seed in UInt64(1)...4 {
            // Given a random model, crowded addresses and organic installs
            var model = Self.randomModel(&random, seed: seed)
            model.organicShare = max(model.organicShare, 0.3)
            let population = LabPopulation.generate(model)
            for service in OptoLinkService.allCases {
                // When it runs at thresholds 40 to 100, without the guard and P3
                var falseMatches: [Int] = []
                for threshold in stride(from: 40, through: 100, by: 5) {
                    var policy = model.policy
                    (policy.threshold, policy.guardSize, policy.ipFallback) = (threshold, nil, false)
                    let run = try await InProcessLabEngine().run(
                        LabJob(population: population, service: service, policy: policy), progress: { _ in })
                    falseMatches.append(LabServiceReport(run: run).counts.falseMatch)
                }

                // Then the false matches never rise as the threshold does
                #expect(falseMatches == falseMatches.sorted(by: >), "seed \(seed), \(service): \(falseMatches)")
            }
        }
    }

    @Test func theSamePopulationAndSeedGiveTheSameOutcomesInstallForInstall() async throws {
        // Given one model drawn twice from its seed
        var model = LabModel()
        model.installs = 1_500
        let first = LabPopulation.generate(model)
        let second = LabPopulation.generate(model)

        // When both run
        let a = try await InProcessLabEngine().run(LabJob(population: first, service: .optoLink), progress: { _ in })
        let b = try await InProcessLabEngine().run(LabJob(population: second, service: .optoLink), progress: { _ in })

        // Then the events and every outcome are the same, and another seed draws another population
        #expect(first.events == second.events)
        #expect(a.outcomes == b.outcomes)
        model.seed = 2
        #expect(LabPopulation.generate(model).events != first.events)
    }
}

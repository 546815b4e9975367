import OptoLink
import Testing

@testable import DashboardLab

@Suite("Lab view: the installs it lists")
struct LabInstallRowTests {
    /// A run of `installs` installs through OptoLink's matching, in process.
    static func run(installs: Int) async throws -> LabRun {
        var model = LabModel()
        try LabFileParser.apply(["installs=\(installs)"], to: &model)
        let job = LabJob(population: LabPopulation.generate(model), service: .optoLink)
        return try await InProcessLabEngine(now: { 0 }).run(job) { _ in }
    }

    @Test func theSampleIsBoundedAndListsTheWrongOnesFirst() async throws {
        // Given a run of 2 000 installs
        let run = try await Self.run(installs: 2_000)
        let wrongClasses: Set<LabOutcomeClass> = [.wrongClick, .falseMatch, .missed]

        // When the view takes a sample of 40
        let sample = LabInstallRow.sample(of: run, limit: 40)

        // Then it has 40 installs, each as the run decided it, every wrong one before every right one
        #expect(sample.count == 40)
        for row in sample {
            let outcome = try #require(run.outcome(of: row.device))
            #expect(row.outcome == outcome.outcome && row.matchedClick == outcome.matchedClick)
        }
        let firstRight = sample.firstIndex { !wrongClasses.contains($0.outcome) } ?? sample.count
        #expect(sample[firstRight...].allSatisfy { !wrongClasses.contains($0.outcome) })
        // And the wrong classes the run has all show, taken in turn
        let wrongInRun = Set((0..<run.job.population.deviceCount).compactMap { run.outcome(of: $0)?.outcome })
            .intersection(wrongClasses)
        #expect(Set(sample.prefix(wrongInRun.count).map(\.outcome)) == wrongInRun)
    }

    @Test func aSmallRunIsListedWhole() async throws {
        // Given a run of 30 installs
        let run = try await Self.run(installs: 30)

        // When the view takes a sample of 60
        let sample = LabInstallRow.sample(of: run, limit: 60)

        // Then every install is in it once
        #expect(sample.count == run.job.population.installCount)
        #expect(Set(sample.map(\.device)).count == sample.count)
    }
}

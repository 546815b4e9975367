import Foundation
import TestSupport
import Testing

@testable import DashboardLab

/// A simulated population written as the replay's files and read back decides every install as the lab did.
@Suite(.quietMachine) struct ReplayRoundTripTests {
    /// The shipped labs (`labs/*.lab` at the package's root).
    static let labs: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("labs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".lab") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    /// The lab at `path` with `installs` installs.
    static func model(_ path: String, installs: Int) throws -> LabModel {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return try LabFileParser.load(text: text, file: path, name: name, settings: ["installs=\(installs)"])
    }

    /// The population's two files, read back.
    static func exported(_ population: LabPopulation) throws -> ReplayData {
        var clicks = ""
        var opens = ""
        ReplayExport.write(population, clicks: { clicks += $0 }, opens: { opens += $0 })
        var loader = ReplayLoader()
        try loader.read(text: clicks, file: "clicks.csv", as: .clicks)
        try loader.read(text: opens, file: "opens.csv", as: .opens)
        return loader.done()
    }

    @Test func everyShippedLabIsShipped() {
        // Given the package's labs folder
        // When it is listed
        // Then the four shipped labs are there (so the round trip below runs on each)
        #expect(Self.labs.count >= 4)
    }

    @Test(arguments: labs)
    func theProductionPassDecidesEveryInstallAsTheLabDid(path: String) async throws {
        // Given a shipped lab's population and the lab's in-process run of it
        let model = try Self.model(path, installs: 3000)
        let population = LabPopulation.generate(model)
        let lab = try await InProcessLabEngine().run(LabJob(population: population, service: .optoLink)) { _ in }
        // When it is exported, read back and replayed with tokens kept
        let data = try Self.exported(population)
        let production = try await ReplayEngine(data: data).run(policy: model.policy, withholdTokens: false)
        // Then every first open matched the same click by the same method, with the same points and guard
        #expect(data.opens.count == population.installCount)
        #expect(data.clicks.count == population.clickCount)
        var differences: [String] = []
        for open in 0..<data.opens.count {
            let device = Int(data.opens.ids[open])!
            let expected = lab.outcomes[device]
            let got = production[open]
            let click = got.matchedClick.map { Int(data.clicks.ids[$0])! }
            if click != expected.matchedClick || got.method != expected.method || got.score != expected.score
                || got.guardFired != expected.guardFired
            {
                differences.append("device \(device): lab \(expected), replay \(got) (click \(click as Any))")
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        // And the labeled opens are exactly the installs whose SDK read the click's token
        let tokens = (0..<population.deviceCount).filter { population.clipboardClick(of: $0) != nil }.count
        #expect(data.labeledCount == tokens)
    }
}

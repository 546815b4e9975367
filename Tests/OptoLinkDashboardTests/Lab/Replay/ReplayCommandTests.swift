import Foundation
import TestSupport
import Testing

@testable import DashboardLab
@testable import DashboardScenarios
@testable import OptoLinkDashboard

/// `optolink-dash lab --clicks/--opens`, `--export-clicks/--export-opens`, `--shard` and `lab merge`.
@Suite(.quietMachine) struct ReplayCommandTests {
    /// A fresh folder.
    private func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// Runs `optolink-dash lab ARGUMENTS` in `directory`: the exit code, stdout and stderr.
    private func lab(_ arguments: [String], in directory: String) async -> (Int32, String, String) {
        let out = Lines()
        let err = Lines()
        let code = await LabCommand.run(
            arguments: arguments, currentDirectory: directory, executablePath: nil, out: { out.add($0) },
            err: { err.add($0) })
        return (code, out.text, err.text)
    }

    @Test func aBadOpensFileIsOneLineAndExitTwo() async throws {
        // Given a good clicks file and an opens file whose line 2 has no address
        let directory = try folder()
        try "click_id,time,address\nc1,1,10.0.0.1\n".write(
            toFile: directory + "/c.csv", atomically: true, encoding: .utf8)
        try "open_id,time,address\no1,2,\n".write(toFile: directory + "/o.csv", atomically: true, encoding: .utf8)
        // When the lab replays them
        let (code, out, err) = await lab(["--clicks", "c.csv", "--opens", "o.csv"], in: directory)
        // Then it exits 2 with one line naming the file, line and column
        #expect(code == 2)
        #expect(out.isEmpty)
        #expect(err == "optolink-dash lab: o.csv:2: column 3 (address): expected the address the open came from\n")
    }

    @Test func theExportReadsBackAndReportsTheChainOnTheLabeledOpens() async throws {
        // Given the default lab exported at 2 000 installs
        let directory = try folder()
        let (exported, _, exportErr) = await lab(
            ["--installs", "2000", "--export-clicks", "c.csv", "--export-opens", "o.csv"], in: directory)
        #expect(exported == 0, "\(exportErr)")
        // When it is replayed with a sweep and the text report
        let (code, out, err) = await lab(["--clicks", "c.csv", "--opens", "o.csv", "--svg", "s.svg"], in: directory)
        // Then the report names both passes, the five classes and what the labeled subset may not represent
        #expect(code == 0, "\(err)")
        #expect(out.contains("As production decided (tokens kept), every open:"))
        #expect(out.contains("The fingerprint chain alone"))
        #expect(out.contains("false match") && out.contains("unknown"))
        #expect(out.contains("allowed the paste"))
        #expect(out.contains("threshold sweep"))
        #expect(FileManager.default.fileExists(atPath: directory + "/s.svg"))
    }

    @Test func shardsMergedEqualTheWholeRun() async throws {
        // Given the cgnat-like default lab exported (shared addresses, so shards cut across busy addresses)
        let directory = try folder()
        _ = await lab(
            [
                "--installs", "3000", "--set", "network.cellular=70%", "--export-clicks", "c.csv", "--export-opens",
                "o.csv",
            ], in: directory)
        // When it is replayed whole and as three shards, each as JSON
        let (_, whole, _) = await lab(["--clicks", "c.csv", "--opens", "o.csv", "--json"], in: directory)
        var files: [String] = []
        for index in 1...3 {
            let (code, json, err) = await lab(
                ["--clicks", "c.csv", "--opens", "o.csv", "--json", "--shard", "\(index)/3"], in: directory)
            #expect(code == 0, "\(err)")
            try json.write(toFile: directory + "/s\(index).json", atomically: true, encoding: .utf8)
            files.append("s\(index).json")
        }
        let (code, merged, err) = await lab(["merge"] + files + ["--json"], in: directory)
        // Then the merged report is the whole run's, count for count, sweep included
        #expect(code == 0, "\(err)")
        let decoder = JSONDecoder()
        let a = try decoder.decode(ReplayReport.self, from: Data(whole.utf8))
        let b = try decoder.decode(ReplayReport.self, from: Data(merged.utf8))
        #expect(a == b)
        #expect(a.labeled > 0 && a.sweep != nil)
        // And one shard alone is a part of it
        let one = try decoder.decode(
            ReplayReport.self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/s1.json")))
        #expect(one.opens < a.opens && one.shard == ReplayShard(index: 1, count: 3))
    }

    @Test func mergingAShardTwiceIsRefused() async throws {
        // Given one shard's JSON
        let directory = try folder()
        _ = await lab(["--installs", "300", "--export-clicks", "c.csv", "--export-opens", "o.csv"], in: directory)
        let (_, json, _) = await lab(
            ["--clicks", "c.csv", "--opens", "o.csv", "--json", "--no-sweep", "--shard", "1/2"], in: directory)
        try json.write(toFile: directory + "/a.json", atomically: true, encoding: .utf8)
        // When it is merged with itself
        let (code, _, err) = await lab(["merge", "a.json", "a.json"], in: directory)
        // Then the merge refuses with exit 2
        #expect(code == 2)
        #expect(err.contains("shard 1 comes twice"))
    }

    @Test func compareDoesNotApplyToRecordedData() async throws {
        // Given recorded files
        let directory = try folder()
        // When --compare is asked with them
        let (code, _, err) = await lab(["--clicks", "c.csv", "--opens", "o.csv", "--compare"], in: directory)
        // Then it exits 2 saying why
        #expect(code == 2)
        #expect(err.contains("--compare do not apply"))
    }
}

/// Lines written from a command's callbacks.
private final class Lines: @unchecked Sendable {
    // Safe: the command calls its callbacks from one task at a time; the lock guards the rare overlap.
    private let lock = NSLock()
    private var lines: [String] = []

    func add(_ line: String) { lock.withLock { lines.append(line) } }

    var text: String { lock.withLock { lines.map { $0 + "\n" }.joined() } }
}

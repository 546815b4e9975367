import Foundation
import OptoLink
import OptoLinkHTTP
import Testing

@testable import DashboardLab
@testable import DashboardScenarios
@testable import OptoLinkDashboard

@Suite("Lab: optolink-dash lab")
struct LabCommandTests {
    /// Runs the command in `directory`; its exit code, stdout and stderr lines.
    func run(_ arguments: [String], in directory: String = FileManager.default.temporaryDirectory.path) async -> (
        code: Int32, out: [String], err: [String]
    ) {
        let out = Locked([String]())
        let err = Locked([String]())
        let code = await LabCommand.run(
            arguments: arguments, currentDirectory: directory, executablePath: nil,
            out: { line in out.withLock { $0.append(line) } }, err: { line in err.withLock { $0.append(line) } })
        return (code, out.withLock { $0 }, err.withLock { $0 })
    }

    /// A folder with `labs/NAME.lab` holding `text`.
    func folder(lab name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("labs"), withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("labs/\(name).lab"), atomically: true, encoding: .utf8)
        return folder.path
    }

    @Test func aWrongLabFileIsOneClearLineAndExitCode2() async throws {
        // Given labs/broken.lab with a bad share on line 2
        let directory = try folder(lab: "broken", "installs = 500\nrelay = lots\n")

        // When the lab runs it by name
        let result = await run(["broken"], in: directory)

        // Then nothing runs: one line names the file, the line and what is expected
        #expect(result.code == 2 && result.out.isEmpty)
        #expect(
            result.err == [
                "optolink-dash lab: \(directory)/labs/broken.lab:2: relay takes a percentage such as 20%, not 'lots'"
            ])
    }

    @Test func badArgumentsAndAMissingFileExitWith2() async {
        #expect(
            await run(["--provider", "branch"]).err == [
                "optolink-dash lab: --provider must be optolink, quberoute, deepblue or appsflyer, not 'branch'"
            ])
        #expect(await run(["--compare", "--provider", "optolink"]).code == 2)
        #expect(await run(["--bogus"]).code == 2)
        let missing = await run(["nowhere"], in: "/tmp/no-such-folder")
        #expect(missing.code == 2 && missing.err.first?.contains("lab file 'nowhere' not found") == true)
    }

    @Test func theWireEngineRefusesALabLargerThanItsCapOrAWindowNoLinkCanCarry() async {
        // When the wire engine is asked for more installs than its cap, or a window of minutes
        let large = await run(["--engine", "wire", "--installs", "\(WireLabEngine.maxInstalls + 1)"])
        let window = await run(["--engine", "wire", "--installs", "10", "--set", "backend.window=90m"])

        // Then nothing runs: one line each says why, exit code 2
        #expect(large.code == 2 && large.out.isEmpty)
        #expect(large.err.count == 1 && large.err.first?.contains("--engine wire runs at most 20 000 installs") == true)
        #expect(window.code == 2 && window.err.first?.contains("backend.window in whole hours") == true)
    }

    @Test func baseURLGoesOnlyWithTheWireEngine() async {
        let result = await run(["--base-url", "http://127.0.0.1:9"])
        #expect(result.code == 2)
        #expect(
            result.err == [
                "optolink-dash lab: --base-url goes with --engine wire (the in-process engine runs no backend)"
            ])
    }

    @Test func aRemoteBackendIsRefusedANonSeedPolicyBeforeAnyRequest() async {
        // Given a lab that changes the threshold, and a base URL where nothing listens
        let arguments = ["--engine", "wire", "--base-url", "http://127.0.0.1:9", "--set", "backend.threshold=70"]

        // When it runs
        let result = await run(arguments)

        // Then the policy is refused first (no request could say more): one line, exit code 2
        #expect(result.code == 2 && result.out.isEmpty)
        #expect(result.err.count == 1)
        #expect(result.err.first?.contains("the lab's backend.* settings differ from the seed's") == true)
    }

    @Test func jsonPrintsOneObjectPerServiceAndAMissedTargetExitsWith1() async throws {
        // Given a small lab where the seed's P3 keeps wrong matches far above 0.1%
        let arguments = ["--installs", "400", "--no-sweep", "--compare", "--json", "--max-wrong", "0.1%"]

        // When it runs
        let result = await run(arguments)

        // Then stdout is the JSON array alone, and the exit code says the target was missed
        let objects = try JSONSerialization.jsonObject(with: Data(result.out.joined(separator: "\n").utf8))
        #expect((objects as? [[String: Any]])?.count == 4)
        #expect(result.code == 1 && result.err.isEmpty)
    }

    @Test func printLabPrintsTheResolvedLabAsAFileThatReadsBack() async throws {
        // Given --print-lab with a --set
        let result = await run(["--print-lab", "--set", "installs=777"])

        // Then it prints a lab file, which reads back to the resolved model
        #expect(result.code == 0)
        let model = try LabFileParser.load(text: result.out.joined(separator: "\n"), file: "printed", name: "default")
        #expect(model.installs == 777)
    }

    @Test func helpListsEveryFlag() async {
        let result = await run(["--help"])
        #expect(result.code == 0)
        for flag in [
            "--set", "--seed", "--installs", "--engine", "--base-url", "--provider", "--compare", "--json",
            "--max-wrong", "--csv",
            "--svg", "--no-sweep", "--print-lab",
        ] {
            #expect(result.out.joined().contains(flag), "\(flag)")
        }
    }
}

import Foundation
import Testing

/// Scripts/check-public-api.sh: the public API of the SDK's products (OptoLink, OptoLinkTesting,
/// OptoLinkInspector, OptoLinkS2S), dumped by the toolchain's swift-api-digester from the modules this test run
/// built, is the one recorded in api/ (docs/layout.md, "Public API"). This is where CI runs it (`.ci/run` runs
/// `swift test`).
@Suite("Public API: the SDK's products match api/", .serialized, .tags(.processes), .skippable(.processes))
struct PublicAPITests {
    @Test func theProductsPublicAPIIsTheRecordedOne() async throws {
        // When the built modules' public API is compared with the baselines
        let run = try await ScriptRun.run("bash", ["Scripts/check-public-api.sh", "--skip-build"])

        // Then every product matches
        #expect(run.status == 0, "\(run.output)")
        for module in ["OptoLink", "OptoLinkTesting", "OptoLinkInspector", "OptoLinkS2S"] {
            #expect(run.output.contains("check-public-api: \(module) matches api/\(module).json"), "\(run.output)")
        }
    }

    @Test func aChangedDeclarationFailsNamingItAndHowToAcceptTheChange() async throws {
        // Given baselines recorded from the built modules, in a directory of their own
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("public-api-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = try await ScriptRun.run(
            "bash", ["Scripts/check-public-api.sh", "--skip-build", "--update", "--baseline-dir", directory.path])
        #expect(record.status == 0, "\(record.output)")
        // ... where the inspector's baseline lacks its public `defaultPort`, as before it was added
        let baseline = directory.appendingPathComponent("OptoLinkInspector.json")
        let recorded = try String(contentsOf: baseline, encoding: .utf8)
        try Self.removingDeclaration(named: "defaultPort", from: recorded).write(
            to: baseline, atomically: true, encoding: .utf8)

        // When the modules are compared with them
        let run = try await ScriptRun.run(
            "bash", ["Scripts/check-public-api.sh", "--skip-build", "--baseline-dir", directory.path])

        // Then the check fails on that product alone, printing the added declaration and the way to accept it
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("check-public-api: OptoLink matches"), "\(run.output)")
        #expect(run.output.contains("OptoLinkInspector's public API differs"), "\(run.output)")
        #expect(run.output.contains("+InspectorDashboard / Var defaultPort: Swift.Int"), "\(run.output)")
        #expect(run.output.contains("Scripts/check-public-api.sh --update"), "\(run.output)")
    }

    /// `json` (a digester dump) without the declaration named `name`, matched on its JSON object.
    static func removingDeclaration(named name: String, from json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let pruned = Self.prune(object, name: name)
        let data = try JSONSerialization.data(withJSONObject: pruned, options: [.sortedKeys])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.count < json.count, "no declaration named \(name)")
        return text
    }

    /// `value` with every object named `name` left out of its arrays, at any depth.
    private static func prune(_ value: Any, name: String) -> Any {
        if let array = value as? [Any] {
            return array.filter { ($0 as? [String: Any])?["name"] as? String != name }.map { prune($0, name: name) }
        }
        if let object = value as? [String: Any] { return object.mapValues { prune($0, name: name) } }
        return value
    }
}

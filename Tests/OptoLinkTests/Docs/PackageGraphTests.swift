import Foundation
import Testing

/// The package's arrows point one way: each target depends only on what docs/layout.md allows it, and nothing an
/// app or a deployment ships reaches a dashboard target.
@Suite("Package.swift follows docs/layout.md's arrows")
struct PackageGraphTests {
    static let marker = "<!-- allowed dependencies -->"

    /// The allowed arrows, `Target -> A, B` per line, from docs/layout.md's block after ``marker``.
    static func allowed() throws -> [String: Set<String>] {
        let text = try String(
            contentsOf: ScriptRun.packageRoot.appendingPathComponent("docs/layout.md"), encoding: .utf8)
        let block = try #require(text.components(separatedBy: marker).dropFirst().first)
        let fenced = block.components(separatedBy: "```").dropFirst().first ?? ""
        var allowed: [String: Set<String>] = [:]
        for line in fenced.split(separator: "\n") where line.contains("->") {
            let sides = line.components(separatedBy: "->")
            let name = sides[0].trimmingCharacters(in: .whitespaces)
            let targets = sides[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            allowed[name] = Set(targets.filter { !$0.isEmpty && $0 != "(nothing)" })
        }
        return allowed
    }

    static func graph() throws -> PackageGraph {
        PackageGraph(
            manifest: try String(
                contentsOf: ScriptRun.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    @Test func everyArrowOfASourceTargetIsOneTheLayoutAllows() throws {
        // Given the manifest's targets and the layout's arrows
        let graph = try Self.graph()
        let allowed = try Self.allowed()
        #expect(graph.targets.count > 20, "the manifest was not read: \(graph.targets.map(\.name))")
        // Then every target but the tests has its line, and depends on nothing its line leaves out
        for target in graph.targets where target.kind != "testTarget" {
            let line = allowed[target.name]
            #expect(line != nil, "docs/layout.md has no line for \(target.name)")
            let extra = Set(target.dependencies).subtracting(line ?? [])
            #expect(extra.isEmpty, "\(target.name) -> \(extra.sorted()): an arrow docs/layout.md does not allow")
        }
    }

    @Test func nothingThatShipsReachesADashboardTargetOrTheLabHarness() throws {
        // Given what an app, its backend or a deployment ships
        let graph = try Self.graph()
        let shipped = [
            "OptoLink", "OptoLinkS2S", "OptoLinkInspector", "OptoLinkTesting", "OptoLinkServer", "optolink-server",
        ]
        // Then none of them reaches a dashboard target or the lab's engine harness, however indirectly
        for name in shipped {
            #expect(graph.targets.contains { $0.name == name }, "no target \(name)")
            let dashboard = graph.reach(from: name).filter {
                $0.hasPrefix("Dashboard") || $0.hasPrefix("OptoLinkDashboard") || $0 == "OptoLinkLabEngine"
            }
            #expect(dashboard.isEmpty, "\(name) reaches \(dashboard.sorted())")
        }
    }

    @Test func theReaderSeesAnArrowTheLayoutDoesNotAllow() throws {
        // Given a manifest where the SDK names the dashboard
        let manifest = """
            let package = Package(
                targets: [
                    .target(name: "OptoLink", dependencies: ["OptoLinkClientCore", "OptoLinkDashboard"]),
                    .target(
                        name: "OptoLinkS2S",
                        dependencies: ["OptoLinkClientCore", \
            .target(name: "CCrypto", condition: .when(platforms: [.linux]))]),
                    .testTarget(name: "OptoLinkTests", dependencies: ["OptoLink"]),
                ]
            )
            """
        // When it is read
        let graph = PackageGraph(manifest: manifest)
        // Then it holds both targets' arrows, the conditional one too, and the reach through them
        #expect(graph.targets.map(\.name) == ["OptoLink", "OptoLinkS2S", "OptoLinkTests"])
        #expect(graph.targets[1].dependencies == ["OptoLinkClientCore", "CCrypto"])
        #expect(graph.reach(from: "OptoLinkTests") == ["OptoLink", "OptoLinkClientCore", "OptoLinkDashboard"])
        let allowed = try Self.allowed()
        #expect(!(allowed["OptoLink"] ?? []).contains("OptoLinkDashboard"))
    }
}

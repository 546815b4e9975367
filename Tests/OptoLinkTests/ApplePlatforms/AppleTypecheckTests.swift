import Foundation
import Testing

/// Scripts/apple-typecheck.sh: the SDK's Apple-only branches and the examples, compiled against the stub
/// UIKit/SwiftUI in Tests/AppleStubs. This is where CI runs it (`.ci/run` runs `swift test`).
///
/// Building the SDK module keeps one core busy for ~10 s (more under load). It runs once (the fixtures
/// reuse its modules) at the lowest CPU priority (`nice -n 19`), so a real-clock test woken beside it gets
/// the CPU first. It does not take the QuietMachine gate: holding it that long made the gated response
/// fuzz (whose 2-minute limit counts its wait for the gate) run out of time on a loaded machine.
@Suite("Apple platforms: type-check against the stubs")
struct AppleTypecheckTests {
    @Test func theAppleBranchesAndTheExamplesTypeCheckAndTheirMistakesDoNot() async throws {
        let modules = FileManager.default.temporaryDirectory.appendingPathComponent("apple-typecheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: modules) }
        // When the stubs, the SDK, the probe and every example are type-checked
        let full = try await ScriptRun.run("nice", ["-n", "19", "bash", "Scripts/apple-typecheck.sh", "--out", modules.path])
        // And, against the same modules, an example that reads UIScene.ConnectionOptions off the main actor
        let brokenExample = try await ScriptRun.run(
            "nice", ["-n", "19", "bash", "Scripts/apple-typecheck.sh", "--reuse", modules.path,
                     "Tests/AppleStubs/Fixtures/BrokenExample"])
        // And an SDK file whose only error sits behind `#if canImport(UIKit)` (swift build on Linux skips it)
        let brokenSDK = try await ScriptRun.run(
            "nice", ["-n", "19", "bash", "Scripts/apple-typecheck.sh", "--reuse", modules.path,
                     "--sdk-extra", "Tests/AppleStubs/Fixtures/BrokenSDKFile.swift"])

        // Then the real code compiles, both examples among it
        #expect(full.status == 0, "\(full.output)")
        #expect(full.output.contains("example Examples/SwiftUIApp"))
        #expect(full.output.contains("example Examples/UIKitSceneApp"))
        #expect(full.output.contains("apple-typecheck: passed"))
        // And each mistake fails the script, which says why
        #expect(brokenExample.status != 0)
        #expect(brokenExample.output.contains("main actor-isolated property 'urlContexts'"), "\(brokenExample.output)")
        #expect(brokenSDK.status != 0)
        #expect(brokenSDK.output.contains("BrokenSDKFile.swift:7"), "\(brokenSDK.output)")
        #expect(!brokenExample.output.contains("apple-typecheck: passed") && !brokenSDK.output.contains("apple-typecheck: passed"))
    }
}

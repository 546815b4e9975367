import Foundation
import Testing
import TestSupport

/// Scripts/apple-typecheck.sh: the SDK's Apple-only branches and the examples, compiled against the stub
/// UIKit/SwiftUI in Tests/AppleStubs. This is where CI runs it (`.ci/run` runs `swift test`). Each run
/// compiles the SDK (a core for ~10 s), so it holds the gate that keeps load away from real-clock tests.
@Suite("Apple platforms: type-check against the stubs", .serialized)
struct AppleTypecheckTests {
    @Test func theSDKsAppleBranchesAndTheExamplesTypeCheck() async throws {
        // When the SDK, the probe and every example are type-checked against the stubs
        let run = try await QuietMachine.shared.run { try ScriptRun("bash", ["Scripts/apple-typecheck.sh"]) }

        // Then everything compiles, and both examples were among what was checked
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("example Examples/SwiftUIApp"))
        #expect(run.output.contains("example Examples/UIKitSceneApp"))
        #expect(run.output.contains("apple-typecheck: passed"))
    }

    @Test func aMainActorMistakeInAnExampleFailsTheCheck() async throws {
        // Given an example that reads UIScene.ConnectionOptions off the main actor
        let run = try await QuietMachine.shared.run {
            try ScriptRun("bash", ["Scripts/apple-typecheck.sh", "Tests/AppleStubs/Fixtures/BrokenExample"])
        }

        // Then the script fails and says why
        #expect(run.status != 0)
        #expect(run.output.contains("main actor-isolated property 'urlContexts'"), "\(run.output)")
        #expect(!run.output.contains("apple-typecheck: passed"))
    }

    @Test func anErrorInACanImportUIKitBranchOfTheSDKFailsTheCheck() async throws {
        // Given an SDK file whose only error sits behind `#if canImport(UIKit)` (swift build on Linux skips it)
        let run = try await QuietMachine.shared.run {
            try ScriptRun(
                "bash", ["Scripts/apple-typecheck.sh", "--sdk-extra", "Tests/AppleStubs/Fixtures/BrokenSDKFile.swift",
                         "Examples/SwiftUIApp"])
        }

        // Then the script fails on it
        #expect(run.status != 0)
        #expect(run.output.contains("BrokenSDKFile.swift"), "\(run.output)")
        #expect(!run.output.contains("apple-typecheck: passed"))
    }
}

import Foundation
import Testing

/// Scripts/check-readme-snippets.py: the README's integration snippets are the examples' code, verbatim.
@Suite("README snippets come from Examples/", .tags(.processes), .skippable(.processes))
struct ReadmeSnippetTests {
    @Test func everyMarkedSnippetMatchesItsExampleRegion() async throws {
        // When the README is checked
        let run = try await ScriptRun.run("python3", ["Scripts/check-readme-snippets.py"])

        // Then every marked block matches, and the SwiftUI, scene delegate and app delegate ones exist
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("passed: 5 snippets"), "\(run.output)")
        let readme = try String(contentsOf: ScriptRun.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for region in ["ShopApp.swift#scene", "SceneDelegate.swift#scene-delegate", "AppDelegate.swift#app-delegate"] {
            #expect(readme.contains("\(region) -->"), "README lacks the \(region) snippet")
        }
    }

    @Test func theAttachGuidesDebugOnlySnippetIsTheUIKitExamplesRegion() async throws {
        // When docs/attach.md is checked
        let run = try await ScriptRun.run("python3", ["Scripts/check-readme-snippets.py", "docs/attach.md"])
        // Then its `#if DEBUG` blocks (the import of the debug-only product, and the call) are the example's
        // regions (which apple-typecheck.sh compiles with -D DEBUG)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("passed: 2 snippets"), "\(run.output)")
        let guide = try String(
            contentsOf: ScriptRun.packageRoot.appendingPathComponent("docs/attach.md"), encoding: .utf8)
        #expect(guide.contains("<!-- snippet: Examples/UIKitSceneApp/SceneDelegate.swift#inspector-import -->"))
        #expect(guide.contains("<!-- snippet: Examples/UIKitSceneApp/SceneDelegate.swift#inspector -->"))
    }

    @Test func aBlockThatDriftedFromItsExampleFailsWithADiff() async throws {
        // Given a README whose snippet was edited by hand
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let readme = directory.appendingPathComponent("README.md")
        try """
        <!-- snippet: Examples/UIKitSceneApp/AppDelegate.swift#app-delegate -->
        ```swift
        func application(_ app: UIApplication, open url: URL) -> Bool { true }
        ```
        <!-- snippet: Examples/UIKitSceneApp/AppDelegate.swift#no-such-region -->
        ```swift
        ```
        """.write(to: readme, atomically: true, encoding: .utf8)

        // When it is checked
        let run = try await ScriptRun.run("python3", ["Scripts/check-readme-snippets.py", readme.path])

        // Then both problems are reported, the drift with a diff against the example
        #expect(run.status == 1)
        #expect(
            run.output.contains("the block differs from Examples/UIKitSceneApp/AppDelegate.swift#app-delegate"),
            "\(run.output)")
        #expect(
            run.output.contains("+func application(_ app: UIApplication, open url: URL) -> Bool { true }"),
            "\(run.output)")
        #expect(run.output.contains("no region '// snippet: no-such-region'"), "\(run.output)")
    }
}

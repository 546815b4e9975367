import Foundation
import Testing

/// Scripts/swift-compiler-versions.py and its table Scripts/swift-compiler-versions.tsv: no Swift feature
/// newer than the oldest compiler Package.swift admits (swift-tools-version 6.0: Xcode 16.0) in the SDK's
/// targets or the examples outside an `#if compiler(>=…)` block, since Swift 6.3, the only compiler here,
/// accepts them all. This is where CI runs it (`.ci/run` runs `swift test`).
@Suite("Apple platforms: oldest compiler check")
struct CompilerVersionCheckTests {
    static let fixtures = "Tests/AppleStubs/Fixtures/CompilerVersions"

    @Test func theSDKAndTheExamplesUseNoFeatureNewerThanTheOldestCompilerOutsideAGuard() async throws {
        // When the SDK's targets and the examples are checked
        let run = try await ScriptRun.run("python3", ["Scripts/swift-compiler-versions.py"])

        // Then nothing is reported
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("swift-compiler-versions: passed"), "\(run.output)")
    }

    @Test func everyUnguardedUseIsReportedAtItsLineAndEveryFeatureOfTheTableIsCaught() async throws {
        // Given a fixture with a use of every feature in the table, and uses under guards that do not cover
        // them (an older compiler, `#else`, `swift(>=)`, `||`, `#available`), each marked `// flagged`
        let fixture = try FlaggedFixture("\(Self.fixtures)/Unguarded.swift")
        let table = try String(
            contentsOf: ScriptRun.packageRoot.appendingPathComponent("Scripts/swift-compiler-versions.tsv"),
            encoding: .utf8)
        let features = table.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
            .map { String($0.prefix { $0 != "\t" }) }
        #expect(features.count >= 30)

        // When it is checked
        let run = try await ScriptRun.run("python3", ["Scripts/swift-compiler-versions.py", fixture.path])

        // Then it fails, reporting exactly the marked lines, and every feature of the table among them
        #expect(run.status == 1, "\(run.output)")
        #expect(fixture.reportedLines(in: run.output) == fixture.markedLines, "\(run.output)")
        let missed = features.filter { !run.output.contains("'\($0)' needs Swift") }
        #expect(missed.isEmpty, "no fixture line reported \(missed)")
    }

    @Test func usesUnderACoveringCompilerGuardAndWhatSwift60HasAreAccepted() async throws {
        // Given `#if compiler(>=…)` (alone, with `&&`, `#elseif`, nested) and Swift 6.0 code that looks like
        // newer features (trailing commas in literals, `[key, default:]`, backticked keywords, strings)
        let run = try await ScriptRun.run(
            "python3", ["Scripts/swift-compiler-versions.py", "\(Self.fixtures)/Guarded.swift"])

        // Then nothing is reported
        #expect(run.status == 0, "\(run.output)")
    }
}

import Foundation
import Testing

/// Scripts/apple-availability.py and its table Scripts/apple-availability.tsv: no Apple API newer than
/// the deployment targets (iOS 13, macOS 12) outside an availability guard, and no API compiled for a
/// platform that lacks it (UIPasteboard on tvOS and watchOS, scenes on watchOS).
/// This is where CI runs it (`.ci/run` runs `swift test`).
@Suite("Apple platforms: availability check", .tags(.processes), .skippable(.processes))
struct AvailabilityCheckTests {
    static let fixtures = "Tests/AppleStubs/Fixtures/Availability"

    @Test func theSDKAndTheExamplesUseNoAPIOutsideItsAvailability() async throws {
        // When the SDK, the examples and the stubs' own availability are checked
        let run = try await ScriptRun.run("python3", ["Scripts/apple-availability.py"])

        // Then nothing is reported
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("apple-availability: passed"), "\(run.output)")
    }

    @Test(arguments: [
        "Unguarded.swift",  // newer than the deployment target, outside a guard
        "Platforms.swift",  // absent from a platform, in an #if that still compiles there
    ])
    func everyUnguardedUseIsReportedAtItsLine(fixture: String) async throws {
        // Given a fixture whose reportable uses are marked `// flagged`
        let fixture = try FlaggedFixture("\(Self.fixtures)/\(fixture)")
        #expect(fixture.markedLines.count >= 3)

        // When it is checked
        let run = try await ScriptRun.run("python3", ["Scripts/apple-availability.py", fixture.path])

        // Then it fails, reporting exactly the marked lines
        #expect(run.status == 1, "\(run.output)")
        #expect(fixture.reportedLines(in: run.output) == fixture.markedLines, "\(run.output)")
    }

    @Test func guardedUsesAreAccepted() async throws {
        // Given if #available, guard #available, @available on types, extensions, multi-line functions,
        // an attribute after @available, and `@available(iOS, unavailable)`
        let run = try await ScriptRun.run(
            "python3", ["Scripts/apple-availability.py", "\(Self.fixtures)/Guarded.swift"])

        // Then nothing is reported
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func aStubWhoseAvailabilityDisagreesWithTheTableIsReported() async throws {
        // Given stubs with a wrong version and an API the table lacks
        let run = try await ScriptRun.run(
            "python3", ["Scripts/apple-availability.py", "--stubs", "Tests/AppleStubs/Fixtures/AvailabilityStubs"])

        // Then both are reported
        #expect(run.status == 1)
        #expect(
            run.output.contains("stub 'onOpenURL' says iOS 15.0, apple-availability.tsv says 14.0"), "\(run.output)")
        #expect(run.output.contains("stub 'notInTheTable' is newer than the deployment targets"), "\(run.output)")
    }
}

import DashboardTestSupport
import Foundation
import OptoLinkToolSupport
import TestSupport
import Testing

/// Output files named as a user types them: a one-character name in the current folder is a file like any
/// other (Foundation's path methods trap on it, so the tools split paths themselves).
@Suite("Output paths")
struct OutputPathTests {
    /// The built binary, quoted for the shell.
    static let binary = "'\(BuiltBinary.path)'"

    /// Runs `command` in a shell; its stdout.
    static func shell(_ command: String) async throws -> String {
        try await spawnOffPool(["/bin/sh", "-c", command], capture: true)
    }

    @Test func aPathSplitsAtItsLastSlash() {
        #expect(PathName("x").directory == "" && PathName("x").name == "x")
        #expect(PathName("a/b/c.csv").directory == "a/b" && PathName("a/b/c.csv").name == "c.csv")
        #expect(PathName("/x").directory == "/" && PathName("/x").sibling(".x.tmp") == "/.x.tmp")
        #expect(PathName("x").sibling(".x.1.tmp") == ".x.1.tmp")
        #expect(PathName("labs/my.lab").nameWithoutExtension == "my")
        #expect(PathName(".theme").nameWithoutExtension == ".theme")
        #expect(PathName("a.b.theme").nameWithoutExtension == "a.b")
    }

    @Test(
        .tags(.processes), .skippable(.processes),
        .enabled(if: BuiltBinary.exists, "needs the built binary at .build/debug/optolink-dash"))
    func oneCharacterOutputNamesAreWrittenNotATrap() async throws {
        // Given an empty folder as the current directory
        let folder = try ScratchFolder()
        defer { folder.remove() }
        // When the lab writes its CSV and SVG, and a headless run its JUnit, to one-letter names there
        let output = try await Self.shell(
            "cd '\(folder.path)' && \(Self.binary) lab --installs 200 --no-sweep --csv x --svg y >/dev/null 2>&1; "
                + "echo LAB=$?; \(Self.binary) --headless --scenario custom-scheme --junit j >/dev/null 2>&1; "
                + "echo RUN=$?")
        // Then both exit 0 and the files are there, whole
        #expect(output.contains("LAB=0") && output.contains("RUN=0"), "\(output)")
        for name in ["x", "y", "j"] {
            #expect(folder.snapshot()[name].map { !$0.isEmpty } == true, "\(name)")
        }
    }

    @Test(
        .tags(.processes), .skippable(.processes),
        .enabled(if: BuiltBinary.exists, "needs the built binary at .build/debug/optolink-dash"))
    func anExportOntoTheSessionItReadsIsRefusedAndTheSessionKept() async throws {
        // Given a recorded session
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let session = folder.file("run.olsession")
        _ = try await Self.shell(
            "\(Self.binary) --headless --scenario custom-scheme --record '\(session)' >/dev/null 2>&1")
        let before = try Data(contentsOf: URL(fileURLWithPath: session))
        #expect(!before.isEmpty)
        // When it is exported as a cast onto itself
        let output = try await Self.shell("\(Self.binary) export '\(session)' --cast '\(session)' 2>&1; echo EXIT=$?")
        // Then one line says so, the exit is 2 and the session is as it was
        #expect(
            output.split(separator: "\n").map(String.init) == [
                "optolink-dash export: --cast \(session) is the same file as '\(session)', which this command reads: "
                    + "write to another file (nothing was written)",
                "EXIT=2",
            ])
        #expect(try Data(contentsOf: URL(fileURLWithPath: session)) == before)
    }
}

import DashboardScenarios
import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardLab

/// Bad input given to the real `optolink-dash`, `optolink-server` and `optolink-lab-server`: the documented exit
/// code, one line on stderr, no crash, and the user's files left as they were.
@Suite(
    "Bad input to the real binaries", .serialized, .quietMachine, .tags(.processes), .skippable(.processes),
    .enabled(if: BuiltBinary.exists, BuiltBinary.skipReason))
struct BadInputBinaryTests {
    static let server = BuiltBinary.packageRoot.appendingPathComponent(".build/debug/optolink-server").path
    static let labServer = BuiltBinary.packageRoot.appendingPathComponent(".build/debug/optolink-lab-server").path

    /// What a bash script printed on stderr and its exit status (the script runs in `directory`, at most 60 s).
    struct Run {
        var stderr: String
        var status: Int32
        var lines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// Runs `script` with bash in `directory`: `$DASH`, `$SERVER` and `$LAB_SERVER` name the binaries.
    static func run(_ script: String, in directory: String) throws -> Run {
        let wrapped = """
            cd '\(directory)' || exit 99
            DASH='\(BuiltBinary.path)'; SERVER='\(server)'; LAB_SERVER='\(labServer)'
            ( \(script) ) 2> .stderr </dev/null >/dev/null
            echo "STATUS=$?"; cat .stderr; rm -f .stderr
            """
        let output = try spawn(["/usr/bin/timeout", "90", "/usr/bin/bash", "-c", wrapped], capture: true)
        let first = output.prefix { $0 != "\n" }
        let status = Int32(first.replacingOccurrences(of: "STATUS=", with: "")) ?? -1
        return Run(stderr: String(output.dropFirst(first.count).drop { $0 == "\n" }), status: status)
    }

    /// A scratch folder, removed by the caller.
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-bin-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Another program's SQLite database at `path`, made with the sqlite3 tool.
    static func foreignDatabase(_ path: String) throws {
        _ = try spawn(
            [
                "/usr/bin/env", "sqlite3", path,
                "CREATE TABLE notes (id INTEGER, body TEXT); CREATE TABLE tags (n TEXT);",
            ],
            capture: true)
    }

    @Test func aReaderThatStopsEarlyEndsTheHeadlessRunQuietly() throws {
        // Given a headless run piped into head -1
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // When head has read its line and gone
        let run = try Self.run(
            "set -o pipefail; \"$DASH\" --headless --scenario direct-open --backoff-base 0.1 | head -1", in: folder)

        // Then the command ended quietly: no crash, nothing on stderr, exit 0 or 141 (the reader gone)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect([0, 141].contains(run.status), "\(run.status)")
    }

    @Test func badFlagsAreOneLineAndExitTwo() throws {
        // Given flags a new user may type
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [(String, String)] = [
            ("\"$DASH\" proxy --upstream http://127.0.0.1:1 --fault =", "has no key before '='"),
            ("\"$DASH\" proxy --upstream http://127.0.0.1:1 --fault route=match,status=503,route=data", "given twice"),
            ("\"$DASH\" --headless --scenario direct-open --base-url http://127.0.0.1:99999", "port 99999"),
            ("\"$DASH\" --data-dir ''", "--data-dir needs a directory"),
            ("\"$DASH\" --headless --scenario direct-open --data-dir d", "--data-dir"),
            ("\"$DASH\" open", "open needs the session to show"),
            ("\"$DASH\" open s.olsession --record r.olsession", "see optolink-dash open --help"),
            ("\"$LAB_SERVER\" --port 0 --window 5", "--links N is required"),
            ("\"$LAB_SERVER\" --port 0 --links 5 --production", "drop it"),
            ("\"$SERVER\" --port 0 --trusted-proxy bogus", "invalid trusted proxy 'bogus'"),
            ("\"$SERVER\" --port 0 --seed .", "is a directory"),
            ("\"$SERVER\" --port 0 --db ''", "--db needs a file's path"),
        ]
        for (command, expected) in cases {
            // When each runs
            let run = try Self.run(command, in: folder)

            // Then it exits 2 with one line that says why
            #expect(run.status == 2, "\(command): \(run.status) \(run.stderr)")
            #expect(run.lines.count == 1 && run.stderr.contains(expected), "\(command): \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func anotherProgramsDatabaseIsRefusedByTheServerAndTheDashboardUnchanged() throws {
        // Given another program's SQLite file as --db, and as the data dir's optolink.sqlite
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.foreignDatabase(folder + "/other.sqlite")
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        try Self.foreignDatabase(folder + "/data/" + EmbeddedServer.databaseFileName)
        let before = [
            try Data(contentsOf: URL(fileURLWithPath: folder + "/other.sqlite")),
            try Data(contentsOf: URL(fileURLWithPath: folder + "/data/" + EmbeddedServer.databaseFileName)),
        ]

        // When the server and the dashboard are started on them
        let server = try Self.run("\"$SERVER\" --port 0 --db other.sqlite", in: folder)
        let dashboard = try Self.run("\"$DASH\" --data-dir data", in: folder)

        // Then each exits 2 with one line saying whose it looks like, and neither file changed
        for run in [server, dashboard] {
            #expect(run.status == 2, "\(run.status) \(run.stderr)")
            #expect(run.lines.count == 1, "\(run.stderr)")
            #expect(
                run.stderr.contains("an SQLite database with tables notes, tags, not optolink-server's"),
                "\(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/other.sqlite")) == before[0])
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/data/" + EmbeddedServer.databaseFileName)) == before[1]
        )
        #expect(!FileManager.default.fileExists(atPath: folder + "/other.sqlite-wal"))
    }

    @Test func aLabFileFromAPipeRunsAndAnExportOntoADirectoryExitsThree() throws {
        // Given a small lab file
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("installs = 60\n".utf8).write(to: URL(fileURLWithPath: folder + "/x.lab"))
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)

        // When it is given as a pipe, and with --csv onto a directory
        let piped = try Self.run("\"$DASH\" lab <(cat x.lab) --no-sweep", in: folder)
        let export = try Self.run("\"$DASH\" lab x.lab --no-sweep --csv out", in: folder)

        // Then the pipe is read (exit 0), and the export failure names the folder and why (exit 3)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(export.status == 3, "\(export.stderr)")
        #expect(export.lines == ["optolink-dash lab: cannot write the export out: is a directory, not a file"])
    }

    @Test func aHeadlessJUnitExportOntoADirectoryExitsThreeNamingIt() throws {
        // Given a directory where the JUnit file should go
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)

        // When a headless run writes its JUnit XML there
        let run = try Self.run(
            "\"$DASH\" --headless --scenario direct-open --backoff-base 0.1 --junit out", in: folder)

        // Then it exits 3 with one line naming the file and the reason (no NSCocoaErrorDomain)
        #expect(run.status == 3, "\(run.status) \(run.stderr)")
        #expect(run.lines == ["optolink-dash: cannot write the JUnit XML out: is a directory, not a file"])
    }

    @Test func aRecordingOrACastThatCannotBeWrittenExitsThreeBeforeTheRun() throws {
        // Given a folder that does not exist where a session or an asciicast should go
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [(String, String)] = [
            (
                "\"$DASH\" --headless --scenario direct-open --record no/run.olsession",
                "optolink-dash: cannot record the session: \(folder)/no/run.olsession: its folder does not exist"
            ),
            (
                "\"$DASH\" --headless --scenario direct-open --cast no/run.cast",
                "optolink-dash: cannot write the asciicast: no/run.cast: its folder does not exist"
            ),
            (
                "\"$DASH\" lab --installs 100 --record no/lab.olsession",
                "optolink-dash lab: cannot record the session: \(folder)/no/lab.olsession: its folder does not exist"
            ),
        ]
        for (script, line) in cases {
            // When the command runs
            let run = try Self.run(script, in: folder)

            // Then it exits 3 (an output could not be written, as for --junit and export --cast) with one line
            #expect(run.status == 3, "\(script): \(run.status) \(run.stderr)")
            #expect(run.lines == [line], "\(script)")
        }
    }

    @Test func aSessionFromAPipeIsReadNotRefusedAsUnseekable() throws {
        // Given a recorded session
        let files = try SessionTestFiles()
        defer { files.remove() }
        _ = try files.session("s.olsession", entries: [SessionTestFiles.log("one", at: 1)])

        // When it is opened through a pipe, with no terminal to show it on
        let run = try Self.run("TERM=dumb \"$DASH\" --open <(cat s.olsession)", in: files.directory.path)

        // Then the file was accepted: the only complaint is the terminal (exit 3), no raw NSError, no seek error
        #expect(run.status == 3, "\(run.status) \(run.stderr)")
        #expect(!run.stderr.contains("Error Domain") && !run.stderr.contains("Illegal seek"), "\(run.stderr)")
        // And the open command reads it the same way
        let command = try Self.run("TERM=dumb \"$DASH\" open <(cat s.olsession)", in: files.directory.path)
        #expect(command.status == 3 && command.stderr == run.stderr, "\(command.status) \(command.stderr)")
    }
}

/// Seeded command lines for the real binaries: the documented codes only, one line for a refusal, no crash,
/// no file written outside the scratch folder.
@Suite(
    "Fuzz: every command's flags through the real binaries", .serialized, .quietMachine,
    .tags(.fuzz, .processes),
    .skippable(.processes), .enabled(if: BuiltBinary.exists, BuiltBinary.skipReason))
struct BinaryFlagFuzzTests {
    @Test func randomCommandLinesExitWithADocumentedCodeAndOneLine() throws {
        // Given 36 random command lines over the dashboard, lab, doctor and server flags (fixed seed)
        let folder = try BadInputBinaryTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var input = FuzzInput(seed: 0xB1_7A21)
        let commands: [(String, [String])] = [
            (
                "\"$DASH\"",
                ["--base-url", "--data-dir", "--open", "--record", "--theme", "--provider", "--link", "--export"]
            ),
            ("\"$DASH\" lab --no-sweep --set installs=40", ["--engine", "--csv", "--svg", "--max-wrong", "--json"]),
            ("\"$DASH\" doctor", ["--base-url", "--org-key", "--provider", "--link", "--json"]),
            (
                "\"$SERVER\" --port 0",
                ["--db", "--seed", "--trusted-proxy", "--storage-workers", "--max-connections", "--host"]
            ),
        ]
        // Paths are relative, so whatever a command writes lands in the scratch folder (its working directory).
        let values = ["", "-", "=", "x.lab", "http://127.0.0.1:99999", "http://[::1", "nope", "d", "./d/e", "0"]
        let started = Date()
        for round in 0..<36 {
            let (command, flags) = commands[round % commands.count]
            // (argv cannot hold a NUL: it stands as "?")
            let arguments = input.arguments(flags: flags, values: values)
                .map {
                    "'" + $0.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "\u{0}", with: "?")
                        + "'"
                }
                .joined(separator: " ")

            // When each runs with no terminal and an unreachable backend
            // (a server that starts listening runs until stopped: 2 s of it is enough)
            let limit = command.contains("SERVER") ? 2 : 20
            let run = try BadInputBinaryTests.run("TERM=dumb timeout \(limit) \(command) \(arguments)", in: folder)

            // Then it exits with a documented code (never a signal; a server that started is stopped by the
            // timeout), and a refusal is one line
            let codes: [Int32] = command.contains("SERVER") ? [2, 3, 124] : [0, 1, 2, 3, 4]
            #expect(codes.contains(run.status), "\(command) \(arguments): \(run.status) \(run.stderr)")
            // (the server follows its one line with its usage, as docs/server.md says)
            if run.status == 2 {
                let oneLine = run.lines.count == 1 || (command.contains("SERVER") && run.lines[1].hasPrefix("usage:"))
                #expect(oneLine, "\(command) \(arguments): \(run.stderr)")
            }
            #expect(!run.stderr.contains("Fatal error"), "\(command) \(arguments): \(run.stderr)")
        }
        // And within the budget, with nothing written to the folder above the scratch folder
        #expect(Date().timeIntervalSince(started) < 30)
        let parent = (folder as NSString).deletingLastPathComponent
        #expect(!FileManager.default.fileExists(atPath: parent + "/" + EmbeddedServer.databaseFileName))
    }
}

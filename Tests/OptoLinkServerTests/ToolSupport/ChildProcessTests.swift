import Foundation
import OptoLinkToolSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// ChildProcess: the one way the tools, the bench and the tests start a program.
@Suite("ChildProcess starts programs with posix_spawn")
struct ChildProcessTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func aRunReturnsStdoutAndStderrTogetherWithTheStatusInTheFolderAsked() throws {
        // Given a program that prints its folder on stdout, a word on stderr, and exits 3
        // When it runs in /tmp
        let run = try ChildProcess.run(["sh", "-c", "pwd; echo said >&2; exit 3"], directory: "/tmp")
        // Then both streams are read, in the folder asked, with its status
        #expect(run.status == 3)
        #expect(run.output == "/tmp\nsaid\n")
    }

    @Test func stderrGoesOnlyWhereItIsSent() throws {
        // Given the same program with stderr discarded, and with stderr in a pipe of its own
        let quiet = try ChildProcess.run(["sh", "-c", "echo out; echo said >&2"], errors: .null)
        let child = try ChildProcess(["sh", "-c", "echo out; echo said >&2"], output: .null, errors: .pipe)
        let said = try #require(child.errorReader).readDataToEndOfFile()
        // Then the run holds stdout only, and the pipe stderr only
        #expect(quiet.output == "out\n")
        #expect(String(decoding: said, as: UTF8.self) == "said\n")
        #expect(child.waitUntilExit() == 0)
    }

    @Test func theEnvironmentGivenIsTheChildsWholeEnvironment() throws {
        // Given an environment of one variable (and a full path: no PATH to search)
        let run = try ChildProcess.run(["/usr/bin/env"], environment: ["ONLY": "this"])
        // Then the child sees that one and nothing of the parent's
        #expect(run.output == "ONLY=this\n")
    }

    @Test func aChildEndedBySIGTERMReports128PlusTheSignalAndIsReapedOnce() throws {
        // Given a child that would run for a minute
        let child = try ChildProcess(["sleep", "60"])
        #expect(child.isRunning)
        // When it is stopped with SIGTERM (its mask is empty: it does not ignore it)
        let status = child.stop(signal: SIGTERM, grace: 30)
        // Then it ended by that signal, and asking again gives the same answer without a second wait
        #expect(status == 128 + SIGTERM)
        #expect(child.status == 128 + SIGTERM)
        #expect(!child.isRunning)
        #expect(child.waitUntilExit() == 128 + SIGTERM)
    }

    @Test func aWaiterAndAStopperOnOtherThreadsAgreeOnTheStatus() async throws {
        // Given a child that runs until it is told to end
        let child = try ChildProcess(["sleep", "60"])
        // When one thread waits for it while another stops it (polling until it has gone, then waiting)
        async let waited = Self.offThePool { child.waitUntilExit() }
        async let stopped = Self.offThePool { child.stop(signal: SIGTERM, grace: 30) }
        // Then whichever reaped it, both see the status SIGTERM gave it
        #expect(await waited == 128 + SIGTERM)
        #expect(await stopped == 128 + SIGTERM)
        #expect(child.status == 128 + SIGTERM)
    }

    /// `work` on a thread of its own: a blocking wait never holds one of the cooperative pool's threads.
    static func offThePool(_ work: @escaping @Sendable () -> Int32) async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    @Test func aProgramThatCannotStartThrowsInsteadOfRunning() {
        // Given a program name no folder of PATH holds, and a folder that does not exist
        // Then both throw the system's reason
        #expect(throws: POSIXError.self) { try ChildProcess.run(["optolink-no-such-program"]) }
        #expect(throws: POSIXError.self) { try ChildProcess.run(["true"], directory: "/optolink/no/such/folder") }
        #expect(throws: POSIXError.self) { try ChildProcess([]) }
    }

    @Test func thePipesItOpensCloseOnExecSoNoOtherChildHoldsThem() throws {
        // Given a child whose stdout is a pipe
        let child = try ChildProcess(["sh", "-c", "echo out"], output: .pipe)
        defer { child.waitUntilExit() }
        let reader = try #require(child.outputReader)
        // Then the parent's end closes on exec: a child another thread starts meanwhile never inherits it
        // (its reader would otherwise wait for that child to end)
        #expect(fcntl(reader.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self) == "out\n")
    }

    @Test func aFileOutputIsAppendedToOrEmptiedAsAsked() throws {
        // Given a log file holding one line
        let path = NSTemporaryDirectory() + "child-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "first\n".write(toFile: path, atomically: false, encoding: .utf8)
        // When a child appends to it, and another empties it first
        try ChildProcess(
            ["sh", "-c", "echo second; echo third >&2"], output: .file(path, append: true),
            errors: .sameAsOutput
        ).waitUntilExit()
        let appended = try String(contentsOfFile: path, encoding: .utf8)
        try ChildProcess(["echo", "only"], output: .file(path, append: false)).waitUntilExit()
        // Then the first kept what was there, and the second holds its own line only
        #expect(appended == "first\nsecond\nthird\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "only\n")
    }

    @Test func noSourceStartsAProgramThroughFoundationsProcess() throws {
        // Given every Swift source of the package (Foundation's Process.run() crashes now and then on Linux with
        // Swift 6.3.1: it over-reads while listing /proc/self/fd, and a test run spawning scripts died of it)
        var offenders: [String] = []
        var scanned = 0
        for folder in ["Sources", "Tests"] {
            let root = Self.packageRoot.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            for file in files where file.lastPathComponent != "ChildProcessTests.swift" {
                scanned += 1
                let source = try String(contentsOf: file, encoding: .utf8)
                // Then none creates one (ChildProcess is the one way)
                if source.range(of: #"(?<![A-Za-z])(Process|Pipe)\(\)"#, options: .regularExpression) != nil {
                    offenders.append(file.path.replacingOccurrences(of: Self.packageRoot.path + "/", with: ""))
                }
            }
        }
        #expect(scanned > 500, "the scan read \(scanned) files")
        #expect(offenders.isEmpty, "\(offenders)")
    }
}

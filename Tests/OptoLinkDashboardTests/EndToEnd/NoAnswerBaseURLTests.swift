import DashboardSessions
import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import OptoLinkDashboard

/// A `--base-url` that gives no HTTP answer (nothing listens, bytes that are not HTTP, silence) over real
/// loopback sockets: nothing runs, one line names the URL and what happened, exit 4; the dashboard's own
/// screen does not open either. A backend that answers anything at all, even 404, is run against.
@Suite("A --base-url that gives no HTTP answer", .tags(.realTime), .skippable(.realTime))
struct NoAnswerBaseURLTests {
    /// Runs `optolink-dash --headless ARGUMENTS --base-url URL` in this process; the exit code, the lines it
    /// wrote (the run's, and the errors, which go to stderr) and the seconds it took.
    static func headless(_ arguments: [String], baseURL: URL) async throws -> (
        code: Int32, lines: [String], errors: [String], seconds: Double
    ) {
        let options = try DashboardOptions.parse(
            ["--headless", "--backoff-base", "0.05"] + arguments + ["--base-url", baseURL.absoluteString])
        let (lines, errors) = (LineSink(), LineSink())
        let started = Date()
        let code = await HeadlessRunner.run(
            options: options, recorder: SessionHeadlessRecorder(), write: { lines.write($0) },
            errors: { errors.write($0) })
        return (code, lines.lines, errors.lines, Date().timeIntervalSince(started))
    }

    static func noAnswer(_ url: URL, _ reason: String) -> String {
        "optolink-dash: --base-url \(url.absoluteString) gave no HTTP answer: \(reason)"
    }

    /// A scenario, and a compare (which starts on its own path).
    @Test(arguments: [["--scenario", "direct-open"], ["--compare", "flaky-server"]])
    func aPortWhereNothingListensRunsNothingAndExits4(_ arguments: [String]) async throws {
        // Given a loopback port where nothing listens
        let unused = UnusedPort()
        // When a scenario or a compare is to run against it
        let run = try await Self.headless(arguments, baseURL: unused.url)
        // Then nothing ran: one line says why, and the exit code is 4
        #expect(run.code == 4 && run.lines.isEmpty)
        #expect(
            run.errors == [Self.noAnswer(unused.url, "connection refused (nothing listens at that address and port)")])
    }

    @Test func aServerThatAnswersBytesThatAreNotHTTPRunsNothing() async throws {
        // Given a server that answers every request with an SSH banner
        let server = try LoopbackServer(reply: "SSH-2.0-OpenSSH_9.6\r\nProtocol mismatch.\r\n")
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)")!
        // When a scenario is to run against it
        let run = try await Self.headless(["--scenario", "direct-open"], baseURL: url)
        // Then nothing ran
        #expect(run.code == 4 && run.lines.isEmpty)
        #expect(run.errors == [Self.noAnswer(url, "the answer was not HTTP")])
    }

    /// Measures real time (the check's 3 s, under a 10 s bound), so never beside the tests that load the
    /// machine, nor in the first wave of a run, when the cooperative pool answers nobody for seconds (see
    /// ``QuietMachine``): in a full run on 2 shared cores it once took 15.5 s.
    @Test(.quietMachine) func aServerThatNeverAnswersIsGivenUpAfterAFewSeconds() async throws {
        // Given a server that accepts the connection and the request, and never answers
        let server = try LoopbackServer(reply: nil)
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)")!
        // When a scenario is to run against it
        let run = try await Self.headless(["--scenario", "direct-open"], baseURL: url)
        // Then nothing ran, after the check's few seconds (not the scenario's 96 s of SDK timeouts)
        #expect(run.code == 4 && run.lines.isEmpty)
        #expect(run.errors == [Self.noAnswer(url, "no answer within 3.0s")])
        #expect(run.seconds < 10, "took \(run.seconds) s")
    }

    @Test func aBackendThatAnswers404IsThere() async throws {
        // Given a backend with no /health at all (as a real QubeRoute, Deep Blue or AppsFlyer deployment)
        let stub = try StubHTTPServer { _, _ in nil }
        defer { stub.stop() }
        // When the check asks it, Then its 404 is an answer
        #expect(await BackendAnswerCheck.check(stub.baseURL) == .answered(status: 404))
        #expect(stub.requests == ["GET /health"])
    }

    @Test(
        .tags(.processes), .skippable(.processes),
        .enabled(if: BuiltBinary.exists, "needs the built binary at .build/debug/optolink-dash"))
    func theBinaryWritesOneLineToStderrAndExits4HeadlessOrNot() async throws {
        // Given a loopback port where nothing listens
        let unused = UnusedPort()
        let url = unused.url.absoluteString
        let line = Self.noAnswer(unused.url, "connection refused (nothing listens at that address and port)")
        func shell(_ command: String) async throws -> [String] {
            let output = try await spawnOffPool(["/bin/sh", "-c", command + "; echo EXIT=$?"], capture: true)
            return output.split(separator: "\n").map(String.init)
        }
        let binary = "'\(BuiltBinary.path)'"
        // When it runs headless: the line is on stderr, nothing is on stdout
        let headless = "\(binary) --headless --scenario direct-open --backoff-base 0.05 --base-url \(url)"
        #expect(try await shell(headless + " 2>&1 >/dev/null") == [line, "EXIT=4"])
        #expect(try await shell(headless + " 2>/dev/null") == ["EXIT=4"])
        // When the dashboard is to open on it: the same line and exit, before any terminal is needed
        #expect(try await shell("\(binary) --base-url \(url) 2>&1 </dev/null") == [line, "EXIT=4"])
    }
}

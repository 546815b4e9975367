import DashboardTestSupport
import Foundation
import OptoLink
import OptoLinkTesting
import Testing

@testable import DashboardCore

@Suite("The --base-url answer check")
struct BackendAnswerCheckTests {
    let base = URL(string: "https://links.example.com/api/")!

    @Test func anyStatusIsAnAnswer() async {
        // Given backends answering /health 200, 404 (no /health: QubeRoute, Deep Blue, AppsFlyer) and 503
        for status in [200, 404, 503] {
            let transport = ScriptedTransport([.response(status: status)])
            // When the check asks, Then the backend answered
            #expect(await BackendAnswerCheck.check(base, transport: transport) == .answered(status: status))
        }
    }

    @Test func itSendsOneGETOfHealthUnderTheBaseURLWithTheTimeout() async throws {
        let transport = ScriptedTransport([.response(status: 404)])
        _ = await BackendAnswerCheck.check(base, transport: transport, timeout: 2)
        let requests = await transport.requests
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "GET" && request.url.absoluteString == "https://links.example.com/api/health")
        #expect(request.timeout == 2)
    }

    @Test func noAnswerSaysWhyInWords() async {
        func reason(_ code: URLError.Code) async -> BackendAnswerCheck.Outcome {
            await BackendAnswerCheck.check(base, transport: ScriptedTransport([.failure(URLError(code))]))
        }
        #expect(
            await reason(.cannotConnectToHost)
                == .noAnswer("connection refused (nothing listens at that address and port)"))
        #expect(await reason(.timedOut) == .noAnswer("no answer within 3.0s"))
        #expect(await reason(.cannotFindHost) == .noAnswer("DNS: no such host"))
        #expect(await reason(.badServerResponse) == .noAnswer("the answer was not HTTP"))
    }

    @Test func withoutABaseURLNothingIsAsked() async throws {
        // Given the options of the embedded server
        let transport = ScriptedTransport([.response(status: 200)])
        let options = try DashboardOptions.parse(["--headless", "--scenario", "all"])
        // Then there is nothing to check
        #expect(await BackendAnswerCheck.problem(options: options, transport: transport) == nil)
        #expect(await transport.requests.isEmpty)
    }

    @Test func noAnswerIsOneLineAndExitCode4() async throws {
        // Given a --base-url that refuses
        let options = try DashboardOptions.parse(["--base-url", "http://127.0.0.1:49439"])
        let transport = ScriptedTransport([.failure(URLError(.cannotConnectToHost))])
        let errors = LineSink()
        // When checked
        let code = await BackendAnswerCheck.exitCode(
            options: options, errors: { errors.write($0) }, transport: transport)
        // Then one line names the URL and what happened
        #expect(code == 4)
        #expect(
            errors.lines == [
                "optolink-dash: --base-url http://127.0.0.1:49439 gave no HTTP answer: connection refused "
                    + "(nothing listens at that address and port)"
            ])
    }

    @Test func anAnswerLetsTheRunGoOn() async throws {
        let options = try DashboardOptions.parse(["--base-url", "http://127.0.0.1:49439"])
        let errors = LineSink()
        let code = await BackendAnswerCheck.exitCode(
            options: options, errors: { errors.write($0) }, transport: ScriptedTransport([.response(status: 404)]))
        #expect(code == nil && errors.lines.isEmpty)
    }
}

import DashboardScenarios
import DashboardSessions
import DashboardTestSupport
import Foundation
import OptoLink
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardDoctor
@testable import OptoLinkDashboard

/// A failing verdict names its cause: a link the deployment does not know, a key it refuses, a click of the user's
/// own that was waiting. Against stand-in deployments written from the seeds alone.
@Suite("Verdicts name their cause", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct VerdictCauseTests {
    /// Runs `scenario` headless against `standIn` with `flags` in place of its keys and links when given.
    static func run(_ standIn: StandInService, scenario: String, flags: [String]? = nil) async throws
        -> (code: Int32, lines: [String])
    {
        let arguments =
            ["--headless", "--scenario", scenario, "--backoff-base", "0.05"]
            + (flags ?? StandInScenarioTests.flags(standIn, links: true))
        let sink = LineSink()
        let code = await HeadlessRunner.run(
            options: try DashboardOptions.parse(arguments), recorder: SessionHeadlessRecorder()
        ) { sink.write($0) }
        return (code, sink.lines)
    }

    /// Runs `scenario` headless against a fresh `kind` stand-in with `flaws`: the exit code, its FAIL line
    /// (empty when none) and every line.
    static func failing(_ kind: StandInKind, flaws: StandInFlaws, scenario: String) async throws
        -> (code: Int32, fail: String, lines: [String])
    {
        let standIn = try StandInService.start(kind, flaws: flaws, trustsForwardedFor: false)
        defer { standIn.stop() }
        let (code, lines) = try await run(standIn, scenario: scenario)
        return (code, lines.first { $0.hasPrefix("FAIL \(scenario):") } ?? "", lines)
    }

    @Test(arguments: [StandInKind.optoLink, .quberoute])
    func aLinkTheDeploymentDoesNotKnowFailsAtOnceNamingIt(kind: StandInKind) async throws {
        // Given a deployment and a --link it does not know
        let standIn = try StandInService.start(kind, trustsForwardedFor: false)
        defer { standIn.stop() }
        let unknown = standIn.mainLink.deletingLastPathComponent().appendingPathComponent("nosuchcode")
        var flags = StandInScenarioTests.flags(standIn, links: false)
        flags += ["--link", unknown.absoluteString]
        // When the direct open runs
        let clock = ContinuousClock()
        let started = clock.now
        let (code, lines) = try await Self.run(standIn, scenario: "direct-open", flags: flags)
        let took = clock.now - started
        // Then it fails at once, naming the link, and nothing internal is printed. (The SDK returned no link, so
        // none can reach the stream: the run must not sit out the 2 s given to a link the SDK did return.)
        let fail = lines.first { $0.hasPrefix("FAIL direct-open") } ?? ""
        #expect(code == 1)
        #expect(fail.contains(unknown.absoluteString), "\(lines.joined(separator: "\n"))")
        #expect(took < .seconds(2), "\(took)")
        // And the step that failed is the one the answer broke: OptoLink's 404 fails the open's own step, while
        // QubeRoute's 200 without a link passes it and fails the link's
        let open = kind == .optoLink ? "/data" : "/api/v1/sdk/resolve"
        let steps = lines.filter { !$0.contains("expects:") }
        let openStep = steps.first { $0.contains("\(open) → 200") } ?? ""
        let linkStep = steps.first { $0.contains("arrives once") }
        #expect(openStep.contains(kind == .optoLink ? "✘" : "✔"), "\(lines.joined(separator: "\n"))")
        #expect(
            linkStep?.contains(kind == .optoLink ? "(not reached)" : "✘") == true, "\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("LinkKey(") }, "\(lines.filter { $0.contains("LinkKey(") })")
    }

    @Test func aStepTheDeploymentCannotShowIsMarkedNotCheckedNotTicked() async throws {
        // Given an OptoLink deployment without /dev routes: its click pages give scores, but no breakdown
        let standIn = try StandInService.start(.optoLink, trustsForwardedFor: false)
        defer { standIn.stop() }
        // When the scored and the guard scenarios run
        for (scenario, unchecked) in [
            ("deferred-scored-medium", ["breakdown adds up, guard silent"]),
            ("shared-network-guard", ["guard fired on more than 3 candidates ≥ 65", "no IP fallback (NONE)"]),
        ] {
            let (code, lines) = try await Self.run(standIn, scenario: scenario)
            let text = lines.joined(separator: "\n")
            // Then they pass on what was checked, and each step that checked nothing says so, without a tick
            #expect(code == 0 && lines.contains("PASS \(scenario)"), "\(text)")
            for step in unchecked {
                #expect(text.contains("– \(step) (not checked: no /dev/match-attempts)"), "\(step): \(text)")
                #expect(!text.contains("✔ \(step)") && !text.contains("· \(step)"), "\(step): \(text)")
            }
        }
    }

    @Test func aScoredVerdictOnPageClicksSaysThePageRecordedNoModelNorTimeZone() async throws {
        // Given an OptoLink deployment without /dev routes: its clicks are the redirect page's
        let standIn = try StandInService.start(.optoLink, trustsForwardedFor: false)
        defer { standIn.stop() }
        // When the scenario whose premise is "only the model differs" runs
        let (code, lines) = try await Self.run(standIn, scenario: "deferred-scored-medium")
        // Then it passes on the medium band, and its verdict's detail (the line before PASS) says the page recorded
        // neither model nor time zone
        let pass = try #require(lines.firstIndex { $0.hasPrefix("PASS deferred-scored-medium") })
        #expect(
            code == 0 && pass > 0 && lines[pass - 1].contains("no model and no time zone recorded"),
            "\(lines.joined(separator: "\n"))")
    }

    @Test func aBackendSlowerThanTheTimeoutScenariosOneSecondIsASkipNotAFail() async throws {
        // Given a healthy OptoLink deployment that answers every API call 1.3 s late
        let standIn = try StandInService.start(.optoLink, options: [.slowAnswers], trustsForwardedFor: false)
        defer { standIn.stop() }
        // When the timeout scenario runs (SDK timeout 1 s; the fault delays the first attempt)
        let (code, lines) = try await Self.run(standIn, scenario: "timeout")
        let text = lines.joined(separator: "\n")
        // Then it cannot show a successful retry here, and says why, with the steps it could not check
        #expect(code == 0 && !lines.contains { $0.hasPrefix("FAIL") }, "\(text)")
        let skip = lines.first { $0.hasPrefix("SKIP timeout: ") } ?? ""
        #expect(skip.contains("not even the") && skip.contains("slower than 1 s here"), "\(text)")
        #expect(
            text.contains("– one wait of base (not checked: the backend is slower than the 1 s timeout)"), "\(text)")
    }

    @Test func aURLDeepBlueSaysIsNoShortLinkFailsBothOpensAlike() async throws {
        // Given Deep Blue Links and a --link on its domain that is no short link (resolve answers 404, and the SDK
        // routes by the URL itself, as the guide says)
        let standIn = try StandInService.start(.deepBlue, trustsForwardedFor: false)
        defer { standIn.stop() }
        let unknown = standIn.mainLink.deletingLastPathComponent().appendingPathComponent("nosuchcode")
        let flags = StandInScenarioTests.flags(standIn, links: false) + ["--link", unknown.absoluteString]
        // When the direct open and the cold start run
        for scenario in ["direct-open", "direct-open-cold-start"] {
            let (code, lines) = try await Self.run(standIn, scenario: scenario, flags: flags)
            // Then both fail with the same cause: the service does not know the link
            let fail = lines.first { $0.hasPrefix("FAIL \(scenario):") } ?? ""
            #expect(code == 1, "\(scenario): \(lines.joined(separator: "\n"))")
            #expect(
                fail.contains("Deep Blue Links says \(unknown.absoluteString) is not a link it knows")
                    && fail.contains("→ 404") && fail.hasSuffix("check --link"),
                "\(scenario): \(fail)")
        }
    }

    @Test(arguments: [StandInKind.optoLink, .quberoute])
    func aColdStartWhoseLookupIsRateLimitedFailsOnTheAnswerNotATimeout(kind: StandInKind) async throws {
        // Given a deployment whose link lookup answers 429 every time (QubeRoute's SDK retries it, OptoLink's not)
        // When a first launch is opened by the link
        let (code, fail, lines) = try await Self.failing(
            kind, flaws: [.lookupRateLimited], scenario: "direct-open-cold-start")
        // Then it fails as soon as the SDK gave up, naming the 429, not "timed out after 31 s"
        #expect(code == 1)
        #expect(fail.contains("→ 429") && !fail.contains("timed out"), "\(lines.joined(separator: "\n"))")
    }

    @Test(arguments: [StandInKind.optoLink, .quberoute, .deepBlue])
    func anOpenAnsweredWithAPageTheSDKCannotUseIsNamedAsSuch(kind: StandInKind) async throws {
        // Given a deployment whose link lookup answers 200 with a sign-in page (a proxy in front of its API)
        // When the direct open runs
        let (code, fail, _) = try await Self.failing(kind, flaws: [.lookupAnswersHTML], scenario: "direct-open")
        // Then it fails naming the answer and the SDK's reason, not calling the link unknown
        #expect(code == 1)
        #expect(fail.contains("with what the SDK cannot use") && fail.contains("Sign in"), "\(fail)")
        #expect(!fail.contains("not a link it knows"), "\(fail)")
    }

    @Test(arguments: [StandInKind.optoLink, .quberoute, .deepBlue])
    func withAWrongKeyEveryFailingVerdictNamesTheRefusal(kind: StandInKind) async throws {
        // Given a deployment and a key it does not know
        let standIn = try StandInService.start(kind, trustsForwardedFor: false)
        defer { standIn.stop() }
        var flags = StandInScenarioTests.flags(standIn, links: true)
        let index = try #require(flags.firstIndex(of: "--api-key"))
        let wrong = String(standIn.apiKey.prefix(8)) + "0000000000000000wrong"
        flags[index + 1] = wrong
        // When every scenario runs
        let (_, lines) = try await Self.run(standIn, scenario: "all", flags: flags)
        // Then something failed, and every FAIL names the refusal with the key's flag and the route
        let failed = lines.filter { $0.hasPrefix("FAIL ") }
        #expect(!failed.isEmpty, "\(lines.joined(separator: "\n"))")
        for line in failed {
            #expect(line.contains("refused the key --api-key") && line.contains(" on /"), "\(line)")
        }
        // And the doctor's ✘ names the key
        let options =
            kind == .optoLink
            ? DoctorOptions(
                baseURL: standIn.baseURL, orgKey: OrgKey(rawValue: standIn.orgKey), apiKey: APIKey(rawValue: wrong),
                teamId: standIn.teamID,
                bundleId: standIn.bundleID, link: standIn.mainLink.lastPathComponent)
            : DoctorOptions.standIn(standIn, apiKey: wrong)
        let report = await DoctorRunner(options: options).run()
        let failing = report.checks.filter { $0.status == .fail }
        #expect(!failing.isEmpty)
        #expect(failing.contains { $0.detail.contains("key") || $0.title.contains("key") }, "\(failing)")
    }

    @Test(arguments: [StandInKind.optoLink, .quberoute, .deepBlue, .appsFlyer])
    func aClickAlreadyWaitingIsADocumentedOutcomeOfTheRateLimitedRun(kind: StandInKind) async throws {
        // Given a healthy deployment where the user's own click is already waiting at the run's address
        let options: StandInOptions = kind == .optoLink ? [.simulateRoute, .clickWaiting] : [.clickWaiting]
        let standIn = try StandInService.start(kind, options: options, trustsForwardedFor: false)
        defer { standIn.stop() }
        // When the rate-limited scenario runs alone (it makes no click of its own)
        let (code, lines) = try await Self.run(standIn, scenario: "rate-limited")
        // Then it passes, saying which outcome happened
        #expect(code == 0, "\(lines.joined(separator: "\n"))")
        let verdict = try #require(lines.firstIndex(of: "PASS rate-limited"), "\(lines.joined(separator: "\n"))")
        let detail = lines[verdict - 1]
        #expect(detail.contains("no link") || detail.contains("a click already waiting"), "\(detail)")
        // (QubeRoute retries the 429, and its retry matches the waiting click by the address: the run that failed)
        if kind == .quberoute {
            #expect(detail.contains("a click already waiting"), "\(lines.joined(separator: "\n"))")
        }
    }
}

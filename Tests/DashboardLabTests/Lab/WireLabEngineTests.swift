import Foundation
import OptoLink
import OptoLinkHTTP
import OptoLinkLabEngine
import OptoLinkServer
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardLab
@testable import OptoLinkDashboard

@Suite("Lab: the wire engine over loopback", .serialized, .tags(.realTime), .skippable(.realTime))
struct WireLabEngineTests {
    /// Runs the command; its exit code, stdout and stderr lines.
    func run(_ arguments: [String]) async -> (code: Int32, out: [String], err: [String]) {
        let out = Locked([String]())
        let err = Locked([String]())
        let code = await LabCommand.run(
            arguments: arguments, currentDirectory: FileManager.default.temporaryDirectory.path, executablePath: nil,
            out: { line in out.withLock { $0.append(line) } }, err: { line in err.withLock { $0.append(line) } })
        return (code, out.withLock { $0 }, err.withLock { $0 })
    }

    /// A phone alone on its address, one whose page wrote the token it may paste, an abandoned click beside an
    /// organic install, and a click 25 hours before its first open (past the 24 h window).
    static func handBuiltCases() -> [LabDevice] {
        var token = LabFixtures.device(.clicked, click: 0, launch: 60, home: 1)
        token.flags = [.clipboardWritten, .clipboardRead, .clipboardAllowed]
        return [
            LabFixtures.device(.clicked, click: 0, launch: 60),
            token,
            LabFixtures.device(.abandoned, click: 100, home: 2),
            LabFixtures.device(.organic, launch: 400, home: 2),
            LabFixtures.device(.clicked, click: 10, launch: 10 + 25 * 3600, home: 3),
        ]
    }

    @Test func oneInstallPerCaseDecidesAsInProcessOnEveryService() async throws {
        // Given the hand-built cases: a phone alone on its address, one whose page wrote the token it may paste,
        // an organic install beside someone's click, a click past the window
        let devices = Self.handBuiltCases()
        let population = LabPopulation(model: LabFixtures.model(), devices: devices)

        for service in OptoLinkService.allCases {
            // When both engines run them
            let job = LabJob(population: population, service: service)
            let wire = try await WireLabEngine().run(job) { _ in }
            let process = try await InProcessLabEngine().run(job) { _ in }

            // Then every install has the same outcome, click, method, points and guard
            for device in devices.indices where population.role(of: device) != .abandoned {
                #expect(wire.outcomes[device] == process.outcomes[device], "\(service) install \(device)")
            }
            #expect(wire.engine == "wire" && wire.outcomes[0].outcome == .correct, "\(service)")
            #expect(wire.outcomes[4].outcome == .missed, "\(service): a click 25 h old is past the 24 h window")
        }
    }

    @Test(.tags(.load), .skippable(.load))
    func twoThousandInstallsAgreeInstallForInstallWithTheInProcessEngineOnEveryService() async throws {
        // Given a seeded population of 2 000 installs (the default model: carrier NAT, relays, IPv6, the clipboard)
        var model = LabModel()
        model.installs = 2_000
        model.seed = 7
        let population = LabPopulation.generate(model)

        // When both engines run it for each service (the four wire runs side by side, each with its own server)
        let runs = try await withThrowingTaskGroup(of: (OptoLinkService, LabRun, LabRun).self) { group in
            for service in OptoLinkService.allCases {
                group.addTask {
                    let job = LabJob(population: population, service: service)
                    return (
                        service, try await WireLabEngine().run(job) { _ in },
                        try await InProcessLabEngine().run(job) { _ in }
                    )
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        for (service, wire, process) in runs {
            // Then every install has the same class, matched click and method (and points and guard); AppsFlyer's
            // IPv6 installs match nothing on either: its S2S call carries the address as IPv4 only (seed 003)
            var differing: [String] = []
            var refused = 0
            for device in 0..<population.deviceCount where population.role(of: device) != .abandoned {
                let (w, p) = (wire.outcomes[device], process.outcomes[device])
                if service == .appsFlyer, population.flags(of: device).ipv6 {
                    #expect(w.matchedClick == nil && w.method == .none, "AppsFlyer IPv6 install \(device)")
                    refused += 1
                }
                if w != p {
                    differing.append(
                        "\(device): wire \(w.outcome.key) \(w.matchedClick.map(String.init) ?? "-") \(w.method.key) "
                            + "\(w.score.map(String.init) ?? "-"), process \(p.outcome.key) "
                            + "\(p.matchedClick.map(String.init) ?? "-") "
                            + "\(p.method.key) \(p.score.map(String.init) ?? "-")"
                    )
                }
            }
            #expect(differing.isEmpty, "\(service): \(differing.count) installs differ: \(differing.prefix(5))")
            #expect(service != .appsFlyer || refused > 0, "the population has IPv6 installs")
            // And the population is not trivial: every class of a clicked install occurs
            let classes = Set(wire.outcomes.indices.compactMap { wire.outcome(of: $0)?.outcome })
            #expect(
                classes.isSuperset(of: [.correct, .wrongClick, .missed, .correctNoMatch]), "\(service): \(classes)")
        }
    }

    @Test func theCommandRunsTheWireEngineAndSaysSoInItsSummary() async throws {
        // Given a small lab
        let arguments = ["--engine", "wire", "--installs", "150", "--no-sweep", "--json", "--provider", "deepblue"]

        // When the command runs it through the wire
        let result = await run(arguments)

        // Then it exits 0 and the JSON summary names the engine and counts every install
        #expect(result.code == 0 && result.err.isEmpty)
        let objects = try JSONSerialization.jsonObject(with: Data(result.out.joined(separator: "\n").utf8))
        let summary = try #require((objects as? [[String: Any]])?.first)
        #expect(summary["engine"] as? String == "wire" && summary["service"] as? String == "deepblue")
        #expect(summary["installs"] as? Int == 150)
    }

    @Test func aBackendThatIsNotTheReferenceServerIsRefusedWithOneLine() async throws {
        // Given a deployment written from OptoLink's seed alone (no `Server: optolink-reference`)
        let standIn = try StandInService.start(.optoLink)
        defer { standIn.stop() }

        // When the wire engine is pointed at it
        let result = await run(["--engine", "wire", "--installs", "10", "--base-url", standIn.baseURL.absoluteString])

        // Then it is refused with one line naming the reason, exit code 2
        #expect(result.code == 2 && result.out.isEmpty)
        #expect(
            result.err == [
                "optolink-dash lab: --base-url \(standIn.baseURL.absoluteString) is not the reference server (no "
                    + "'Server: optolink-reference'): the wire engine sets the server's clock to the lab's, which "
                    + "only the reference server could allow"
            ])
    }

    @Test func aReferenceServerWithoutLabControlIsRefusedWithTheCommandThatOpensIt() async throws {
        // Given a reference server of its own, on the system clock
        let server = try OptoLinkServer(configuration: .init(port: 0, trustForwardedFor: true, log: .discarding))
        try server.start()
        defer { server.stop() }

        // When the wire engine is pointed at it
        let result = await run(["--engine", "wire", "--installs", "10", "--base-url", server.baseURL.absoluteString])

        // Then it is refused with one line saying why and how to start one it can use, exit code 2
        #expect(result.code == 2 && result.err.count == 1)
        #expect(result.err.first?.contains("is a reference server without the lab's control") == true)
        #expect(result.err.first?.contains("optolink-lab-server --links N --window 24") == true)
    }

    /// A reference server as `optolink-lab-server --links <links> --window <hours>` starts it.
    static func labServer(links: Int, windowHours: Int = 24) throws -> OptoLinkServer {
        var configuration = OptoLinkServer.Configuration(port: 0, log: .discarding)
        LabControl(links: links, windowHours: windowHours).apply(to: &configuration)
        let server = try OptoLinkServer(configuration: configuration, clock: SettableServerClock(Date()))
        try server.start()
        return server
    }

    @Test func aLabServerDecidesAsTheEmbeddedOneRunAfterRunOnEveryService() async throws {
        // Given the hand-built cases and a reference server opened to the lab, as another program would run it
        let devices = Self.handBuiltCases()
        let population = LabPopulation(model: LabFixtures.model(), devices: devices)
        let server = try Self.labServer(links: devices.count)
        defer { server.stop() }

        for service in OptoLinkService.allCases {
            // When the wire engine runs them against it twice (the second run meets the first one's clicks)
            let job = LabJob(population: population, service: service)
            let first = try await WireLabEngine(baseURL: server.baseURL).run(job) { _ in }
            let second = try await WireLabEngine(baseURL: server.baseURL).run(job) { _ in }
            let process = try await InProcessLabEngine().run(job) { _ in }

            // Then both runs decide every install as the in-process engine does
            for device in devices.indices where population.role(of: device) != .abandoned {
                #expect(first.outcomes[device] == process.outcomes[device], "\(service) install \(device)")
                #expect(second.outcomes[device] == process.outcomes[device], "\(service) install \(device), again")
            }
            #expect(first.outcomes[0].outcome == .correct, "\(service)")
        }
    }

    @Test func aLabServerWithTooFewLinksOrAnotherWindowIsRefused() async throws {
        // Given lab servers with 3 links, and with a 48 h window
        let few = try Self.labServer(links: 3)
        defer { few.stop() }
        let longer = try Self.labServer(links: 100, windowHours: 48)
        defer { longer.stop() }
        let population = LabPopulation(
            model: LabFixtures.model(),
            devices: (0..<5).map { LabFixtures.device(.clicked, click: 0, launch: 60, home: $0) })

        // When a lab of 5 devices and a 24 h window is pointed at them
        // Then each is refused, saying what to start instead
        await #expect(throws: DashboardError.self) {
            _ = try await WireLabEngine(baseURL: few.baseURL).run(LabJob(population: population, service: .optoLink)) {
                _ in
            }
        }
        let tooFew = await run(["--engine", "wire", "--installs", "10", "--base-url", few.baseURL.absoluteString])
        #expect(tooFew.code != 0 && tooFew.err.first?.contains("--links") == true, "\(tooFew.err)")
        let window = await run(["--engine", "wire", "--installs", "10", "--base-url", longer.baseURL.absoluteString])
        #expect(window.code == 2 && window.err.first?.contains("match for 48 h") == true, "\(window.err)")
    }

    @Test func theCommandRunsAgainstALabServer() async throws {
        // Given a lab server with room for a small lab's devices
        let server = try Self.labServer(links: 1_000)
        defer { server.stop() }

        // When the command runs through it
        let result = await run([
            "--engine", "wire", "--installs", "100", "--no-sweep", "--json", "--provider", "quberoute", "--base-url",
            server.baseURL.absoluteString,
        ])

        // Then it exits 0 with the wire engine's summary of every install
        #expect(result.code == 0 && result.err.isEmpty, "\(result.err)")
        let objects = try JSONSerialization.jsonObject(with: Data(result.out.joined(separator: "\n").utf8))
        let summary = try #require((objects as? [[String: Any]])?.first)
        #expect(summary["engine"] as? String == "wire" && summary["installs"] as? Int == 100)
    }

    @Test func theEmbeddedServerSeesTheLabsClockNotTheWallClock() async throws {
        // Given a click and a first open 23 hours apart in the lab (inside the 24 h window)
        let devices = [LabFixtures.device(.clicked, click: 0, launch: 23 * 3600)]
        let population = LabPopulation(model: LabFixtures.model(), devices: devices)

        // When the wire engine runs them in a few milliseconds of wall time
        let run = try await WireLabEngine().run(LabJob(population: population, service: .optoLink)) { _ in }

        // Then the server scored the click as 23 hours old: no recency bonus (74 at one minute, 65 here)
        #expect(run.outcomes[0].outcome == .correct && run.outcomes[0].score == 65)
    }
}

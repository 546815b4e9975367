import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `logLevel` decides what the logger gets; diagnostics record everything whatever the level.
@Suite("Log levels")
struct LogLevelTests {
    /// A later launch with a link open that fails (an error), an event kept after a 503 (a warning),
    /// and an app extension's info line, all logged at `level`.
    static func run(level: LogLevel?) async -> (logged: [(LogLevel, String)], diagnostics: [(LogLevel, String)]) {
        let transport = routedTransport { endpoint, _ in
            switch endpoint {
            case .linkData: return Fixtures.response(404, #"{"message":"Link not found"}"#)
            case .events: return Fixtures.response(503, "{}")
            default: return Fixtures.response(200, Fixtures.sessionJSON)
            }
        }
        let device = TestDevice(transport: transport)
        var environment = device.environment
        environment.isAppExtension = true  // an info line at start
        let logs = Recorder<(LogLevel, String)>()
        let logger: OptoLinkLogger = { level, message in logs.record((level, message)) }
        let configuration =
            level.map { Fixtures.configuration(maxRetries: 0, logLevel: $0, logger: logger) }
            ?? Fixtures.configuration(maxRetries: 0, logger: logger)
        let sdk = OptoLink.start(configuration: configuration, environment: environment)
        let diagnostics = sdk.diagnostics
        _ = await sdk.handle(url: URL(string: "https://links.demo.test/demo/nope")!)
        _ = await sdk.trackEvent("kept")
        await sdk.flushEvents()
        await sdk.shutdown()
        let recorded = await collect(diagnostics).compactMap { diagnostic -> (LogLevel, String)? in
            if case .log(let level, let message) = diagnostic.kind { return (level, message) } else { return nil }
        }
        return (logs.all, recorded)
    }

    @Test func theDefaultIsWarning() throws {
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL)
        #expect(configuration.logging.level == .warning)
    }

    @Test func byDefaultTheLoggerGetsWarningsAndErrorsAndDiagnosticsGetEverything() async {
        // Given the default level, When a launch logs an info line, a warning and an error
        let (logged, diagnostics) = await Self.run(level: nil)

        // Then the logger got the warning and the error but not the info line
        #expect(Set(logged.map(\.0)) == [.warning, .error])
        #expect(logged.contains { $0.0 == .error && $0.1.contains("nope") })
        #expect(logged.contains { $0.0 == .warning && $0.1.contains("kept") })
        #expect(!logged.contains { $0.1.contains("app extension") })
        // And the diagnostics still hold all three, the info line included
        #expect(diagnostics.contains { $0.0 == .info && $0.1.contains("app extension") })
        #expect(diagnostics.contains { $0.0 == .warning })
        #expect(diagnostics.contains { $0.0 == .error })
    }

    @Test func errorKeepsOnlyErrors() async {
        let (logged, diagnostics) = await Self.run(level: .error)
        #expect(!logged.isEmpty)
        #expect(logged.allSatisfy { $0.0 == .error })
        #expect(diagnostics.contains { $0.0 == .warning })
    }

    @Test func infoAddsTheInfoLinesAndWhatTheSDKDid() async {
        let (logged, _) = await Self.run(level: .info)
        #expect(logged.contains { $0.0 == .info && $0.1.contains("app extension") })
        #expect(!logged.contains { $0.0 == .debug })
        // A request that finished is an info line of its own (the /data that failed with 404)
        #expect(logged.contains { $0.0 == .info && $0.1.contains("/data") && $0.1.contains("404") })
    }

    @Test func debugShowsEachAttemptAndNothingIsRecordedTwice() async {
        // Given the debug level, When the same launch runs
        let (logged, diagnostics) = await Self.run(level: .debug)

        // Then each attempt is a debug line, and every level is there
        #expect(logged.contains { $0.0 == .debug && $0.1.contains("attempt 1") && $0.1.contains("/data") })
        #expect(Set(logged.map(\.0)) == Set(LogLevel.allCases))
        // And the lines made from diagnostics are not recorded back into the diagnostics
        #expect(!diagnostics.contains { $0.0 == .debug })
    }

    @Test func theLevelsAreOrdered() {
        #expect(LogLevel.allCases == [.debug, .info, .warning, .error])
        #expect(LogLevel.allCases.sorted() == LogLevel.allCases)
    }
}

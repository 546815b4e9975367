import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardLab
@testable import DashboardProxy
@testable import DashboardScenarios
@testable import DashboardSessions

/// Seeded fuzzing of what a user hands the dashboard in-process: lab files, `--set`, sessions, HARs, flags.
/// Each asserts no crash (a trap ends the run), no hang (a time budget), one clear line per refusal with no raw
/// control byte, and that the user's file is never changed.
@Suite("Fuzz: lab files, --set, sessions, HARs and flags", .quietMachine, .tags(.fuzz))
struct DashboardBadInputFuzzTests {
    /// A refusal: one line, short, no control byte.
    static func isOneClearLine(_ message: String) -> Bool {
        !message.isEmpty && message.count < 2_000
            && !message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    @Test func mutatedLabFilesLoadOrGiveOneClearLine() throws {
        // Given 400 mutations of a lab file that sets every kind of value
        let base = """
            installs = 2000
            seed = 7
            network.ipv6 = 10%
            device.ios =
                26.2    60%
                18.7.2  40%
            device.models = iPhone16,1 50%; iPhone15,2 50%
            clicks.abandoned = 20%
            """
        var input = FuzzInput(seed: 0x1AB_F11E)
        let started = ContinuousClock.now
        for _ in 0..<400 {
            let text = input.mutate(base)

            // When each is loaded
            do {
                _ = try LabFileParser.load(text: text, file: "fuzz.lab", name: "fuzz")
            } catch {
                // Then a refusal is one clear line naming the file
                #expect(Self.isOneClearLine(error.message), "\(error.message.prefix(300))")
                #expect(error.message.hasPrefix("fuzz.lab"), "\(error.message.prefix(300))")
            }
        }
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func randomSetsApplyOrGiveOneClearLine() {
        // Given 400 random --set values over every key
        var input = FuzzInput(seed: 0x5E7)
        let keys = LabKey.all.map(\.name) + ["", "unknown.key", "installs "]
        let values = ["20000", "10%", "1-3", "90s", "none", "on", "iPhone16,1 100%", "26.2=18.7", "45-95/5"]
        let started = ContinuousClock.now
        for _ in 0..<400 {
            let value = input.mutate(input.pick(values + FuzzInput.extremeNumbers))
            let setting = input.pick(keys) + input.pick(["=", " = ", "", "=="]) + value

            // When it is applied
            var model = LabModel()
            do {
                try LabFileParser.apply([setting], to: &model)
            } catch {
                // Then a refusal is one clear line naming the --set
                #expect(Self.isOneClearLine(error.message), "\(error.message.prefix(300))")
                #expect(error.message.hasPrefix("--set"), "\(error.message.prefix(300))")
            }
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func mutatedSessionsAndHARsOpenOrGiveOneClearLineAndAreNeverChanged() throws {
        // Given a recorded session and a HAR, mutated 150 times each, in a scratch folder
        let files = try SessionTestFiles()
        defer { files.remove() }
        let wall = Date(timeIntervalSince1970: 1_700_000_000)
        let session = try files.session(
            "base.olsession",
            entries: [
                SessionEntry(
                    time: 1, wall: wall,
                    action: .diagnostic(.requestStarted(requestID: 3, endpoint: "match", attempt: 1), time: 1)),
                SessionEntry(
                    time: 1.5, wall: wall,
                    action: .diagnostic(
                        .responseReceived(requestID: 3, endpoint: "match", attempt: 1, status: 503, duration: 0.2),
                        time: 1.5)),
                SessionEntry(
                    time: 1.6, wall: wall,
                    action: .diagnostic(
                        .retryScheduled(requestID: 3, endpoint: "match", attempt: 1, delay: 2.0), time: 1.6)),
                SessionTestFiles.log("done", at: 4),
            ])
        let bases = [
            String(decoding: try Data(contentsOf: session), as: UTF8.self),
            HugeNumberFileTests.har(requestID: "7", time: "41.5"),
        ]
        var input = FuzzInput(seed: 0x5E55_10F)
        let started = ContinuousClock.now
        for round in 0..<300 {
            let text = input.mutate(bases[round % 2])
            let url = try files.write("fuzz-\(round % 2).\(round % 2 == 0 ? "olsession" : "har")", text)
            let before = try Data(contentsOf: url)

            // When each is opened and drawn
            do {
                _ = try HugeNumberFileTests.openAndRender(url)
            } catch {
                // Then a refusal is one clear line
                #expect(Self.isOneClearLine("\(error)"), "\("\(error)".prefix(300))")
            }
            // And the file is unchanged
            #expect(try Data(contentsOf: url) == before)
        }
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func randomCommandLinesParseOrGiveOneClearUsageLine() {
        // Given 600 random command lines for the dashboard, lab, proxy and a fault rule
        let dashboardFlags = [
            "--headless", "--scenario", "--compare", "--base-url", "--data-dir", "--open", "--record", "--export",
            "--junit", "--theme", "--provider", "--api-key", "--org-key", "--link", "--backoff-base", "--attach",
            "--listen", "--token", "--list-scenarios", "--no-mouse",
        ]
        let labFlags = [
            "--set", "--seed", "--installs", "--engine", "--base-url", "--csv", "--svg", "--json", "--max-wrong",
        ]
        let proxyFlags = ["--upstream", "--listen", "--fault", "--link", "--upstream-timeout", "--log"]
        let values = [
            "all", "direct-open", "http://127.0.0.1:99999", "http://127.0.0.1:8787", "", "-", "=",
            "route=match,status=503",
            "wire", "50%", "127.0.0.1:0", "optolink", "/tmp/x",
        ]
        var input = FuzzInput(seed: 0xF1A6)
        let started = ContinuousClock.now
        for _ in 0..<200 {
            // When each is parsed
            // Then it parses, or is one clear line
            do { _ = try DashboardOptions.parse(input.arguments(flags: dashboardFlags, values: values)) } catch {
                #expect(Self.isOneClearLine(error.message), "\(error.message.prefix(300))")
            }
            do { _ = try LabOptions.parse(input.arguments(flags: labFlags, values: values)) } catch {
                #expect(Self.isOneClearLine(error.message), "\(error.message.prefix(300))")
            }
            do { _ = try ProxyCommand.parse(input.arguments(flags: proxyFlags, values: values)) } catch {
                #expect(Self.isOneClearLine(error.message), "\(error.message.prefix(300))")
            }
            do { _ = try ProxyFaultSyntax.parse(input.mutate("route=match,status=503,count=2")) } catch {
                #expect(Self.isOneClearLine(error.message), "\(error.message.prefix(300))")
            }
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}

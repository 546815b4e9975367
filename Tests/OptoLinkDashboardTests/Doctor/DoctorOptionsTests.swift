import Foundation
import Testing

@testable import OptoLinkDashboard

@Suite("Doctor: arguments")
struct DoctorOptionsTests {
    func options(_ arguments: [String]) throws -> DoctorOptions {
        guard case .run(let options) = try DoctorOptions.parse(arguments) else {
            throw DashboardError.usage("not a run")
        }
        return options
    }

    @Test func everyFlagIsRead() throws {
        let parsed = try options([
            "--base-url", "https://links.example.com", "--org-key=abcd", "--api-key", "opl_sdk_x",
            "--team-id", "ABCDE12345", "--bundle-id", "com.example.app", "--link", "summer",
            "--json", "--timeout", "3",
        ])
        #expect(
            parsed
                == DoctorOptions(
                    baseURL: URL(string: "https://links.example.com")!, orgKey: "abcd", apiKey: "opl_sdk_x",
                    teamId: "ABCDE12345", bundleId: "com.example.app", link: "summer", json: true, timeout: 3))
    }

    @Test func theDefaultsCheckWhatNeedsNoOptions() throws {
        let parsed = try options(["--base-url", "http://127.0.0.1:8787", "--org-key", "demo"])
        #expect(
            parsed.apiKey == nil && parsed.teamId == nil && parsed.link == nil && !parsed.json && parsed.timeout == 10)
    }

    @Test func helpWinsOverEverythingElse() throws {
        #expect(try DoctorOptions.parse(["--org-key", "demo", "--help"]) == .help)
        #expect(try DoctorOptions.parse(["-h"]) == .help)
        #expect(DoctorOptions.usage.contains("EXIT CODES"))
        for flag in [
            "--base-url", "--org-key", "--api-key", "--team-id", "--bundle-id", "--link", "--json", "--timeout",
        ] {
            #expect(DoctorOptions.usage.contains(flag), "\(flag) is not in doctor --help")
        }
    }

    @Test func badArgumentsNameTheProblem() {
        func message(_ arguments: [String]) -> String {
            do {
                _ = try DoctorOptions.parse(arguments)
                return "parsed"
            } catch {
                return error.message
            }
        }
        let base = ["--base-url", "https://links.example.com"]
        #expect(message(["--org-key", "demo"]).contains("needs --base-url"))
        #expect(message(base).contains("needs --org-key"))
        #expect(message(["--base-url", "links.example.com", "--org-key", "demo"]).contains("http(s) URL with a host"))
        #expect(message(["--base-url", "ftp://links.example.com", "--org-key", "demo"]).contains("http(s)"))
        #expect(message(base + ["--org-key", "demo1"]).contains("exactly 4"))
        #expect(message(base + ["--org-key", "demo", "--team-id", "ABCDE12345"]).contains("go together"))
        #expect(message(base + ["--org-key", "demo", "--bundle-id", "com.example.app"]).contains("go together"))
        #expect(
            message(base + ["--org-key", "demo", "--team-id", "ABCDE12345.com.example.app", "--bundle-id", "x"])
                .contains("Team ID alone"))
        #expect(
            message(base + ["--org-key", "demo", "--link", "https://links.example.com/demo/summer"]).contains(
                "give summer"))
        #expect(message(base + ["--org-key", "demo", "--timeout", "0.5"]).contains("whole seconds"))
        #expect(message(base + ["--org-key", "demo", "--api-key"]).contains("--api-key needs"))
        #expect(message(base + ["--org-key", "demo", "--frobnicate"]).contains("unknown argument '--frobnicate'"))
    }

    @Test func theDashboardHelpListsTheSubcommand() {
        #expect(DashboardOptions.usage.contains("optolink-dash doctor --base-url URL --org-key KEY"))
        #expect(DashboardOptions.usage.contains("optolink-dash doctor --help"))
    }
}

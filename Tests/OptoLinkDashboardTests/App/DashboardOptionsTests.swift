import Testing

@testable import DashboardCore

@Suite("DashboardOptions")
struct DashboardOptionsTests {
    @Test func parsesEveryFlag() throws {
        let options = try DashboardOptions.parse([
            "--theme", "mono", "--base-url", "https://links.example.com", "--api-key", "opl_sdk_x",
            "--org-key=abcd", "--backoff-base", "0.1", "--headless", "--scenario", "all",
        ])
        #expect(
            options.theme == "mono" && options.baseURL?.host == "links.example.com"
                && options.apiKey?.rawValue == "opl_sdk_x")
        #expect(
            options.orgKey?.rawValue == "abcd" && options.backoffBase == 0.1 && options.headless
                && options.scenario == "all")
        #expect(try DashboardOptions.parse(["--list-scenarios"]).listScenarios)
        #expect(try DashboardOptions.parse([]) == DashboardOptions())
        #expect(DashboardOptions().backoffBase == 1)
    }

    @Test(arguments: [
        ["--headless"], ["--backoff-base", "0"], ["--backoff-base", "fast"], ["--base-url", "ftp://x"], ["--scenario"],
        ["--nope"],
    ])
    func rejectsBadArguments(arguments: [String]) {
        #expect(throws: DashboardError.self) { try DashboardOptions.parse(arguments) }
    }

    @Test func helpDocumentsEveryFlag() {
        for flag in [
            "--theme", "--base-url", "--api-key", "--org-key", "--backoff-base", "--headless", "--scenario",
            "--list-scenarios", "--help",
        ] {
            #expect(DashboardOptions.usage.contains(flag), "\(flag) is not in --help")
        }
    }
}

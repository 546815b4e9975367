import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: arguments")
struct DoctorOptionsTests {
    func options(_ arguments: [String]) throws -> DoctorOptions {
        guard case .run(let options) = try DoctorOptions.parse(arguments) else {
            throw DashboardError.usage("not a run")
        }
        return options
    }

    /// The usage error `arguments` make, or `parsed`.
    func message(_ arguments: [String]) -> String {
        do {
            _ = try DoctorOptions.parse(arguments)
            return "parsed"
        } catch {
            return error.message
        }
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
                    baseURL: URL(string: "https://links.example.com")!, orgKey: OrgKey(rawValue: "abcd"),
                    apiKey: "opl_sdk_x",
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
            "--provider", "--app-id", "--dev-key",
        ] {
            #expect(DoctorOptions.usage.contains(flag), "\(flag) is not in doctor --help")
        }
    }

    @Test func badArgumentsNameTheProblem() {
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
            message(base + ["--org-key", "demo", "--link", "https://links.example.com/abcd/summer"]).contains(
                "its path must be /demo/<code>"))
        #expect(
            message(base + ["--org-key", "demo", "--link", "https://other.example.com/demo/summer"]).contains(
                "not on --base-url's host links.example.com"))
        #expect(message(base + ["--org-key", "demo", "--link", "summer?x=1"]).contains("or the link's URL"))
        #expect(message(base + ["--org-key", "demo", "--timeout", "0.5"]).contains("whole seconds"))
        #expect(message(base + ["--org-key", "demo", "--api-key"]).contains("--api-key needs"))
        #expect(message(base + ["--org-key", "demo", "--frobnicate"]).contains("unknown argument '--frobnicate'"))
    }

    @Test func anOptoLinkLinkIsACodeOrItsURL() throws {
        // Given --link as the link's URL on the link domain
        let parsed = try options([
            "--base-url", "https://links.example.com", "--org-key", "demo", "--link",
            "https://links.example.com/demo/summer",
        ])
        // Then it is read as its short code, as a bare code is
        #expect(parsed.link == "summer" && parsed.linkURL == nil && parsed.provider == .optoLink)
    }

    @Test func theOtherServicesTakeTheirLinkAndTheirOwnFlags() throws {
        // Given QubeRoute with its link and key, and no --base-url
        let quberoute = try options([
            "--provider", "quberoute", "--link", "https://go.example.com/go/spring", "--api-key", "qr_live_x",
        ])
        // Then the API origin is the SDK's default, and the link is the URL given
        #expect(
            quberoute
                == DoctorOptions(
                    provider: .quberoute, link: URL(string: "https://go.example.com/go/spring")!,
                    baseURL: URL(string: "https://app.quberoute.com")!, apiKey: "qr_live_x"))
        // and Deep Blue, AppsFlyer likewise, each with its own API origin
        let deepBlue = try options(["--provider", "DeepBlue", "--link", "https://demo.dev.thedbl.ink/spring"])
        #expect(deepBlue.provider == .deepBlue && deepBlue.baseURL.absoluteString == "https://dev.thedbl.ink")
        let appsFlyer = try options([
            "--provider", "appsflyer", "--link", "https://brand.onelink.me/Hx7q/spring", "--app-id", "id123456789",
            "--dev-key", "w8sZzy8EaPaxFKfaoTqUi6", "--base-url", "http://127.0.0.1:9/v1.0",
        ])
        #expect(appsFlyer.appID == "id123456789" && appsFlyer.devKey == "w8sZzy8EaPaxFKfaoTqUi6")
        #expect(appsFlyer.baseURL.absoluteString == "http://127.0.0.1:9/v1.0" && appsFlyer.orgKey == nil)
    }

    @Test func theDefaultAPIOriginsAreTheSDKsOwn() throws {
        // The SDK's configurations, made with their default base URL, are the single source of these
        let quberoute = try OptoLinkConfiguration.quberoute(publishableKey: "qr_live_doctor")
        let deepBlue = try OptoLinkConfiguration.deepBlue(apiKey: "doctor")
        #expect(DoctorOptions.defaultBaseURL(for: .quberoute) == quberoute.baseURL)
        #expect(DoctorOptions.defaultBaseURL(for: .deepBlue) == deepBlue.baseURL)
        // (AppsFlyer's is OptoLinkS2S's production base, the server of seed 003)
        #expect(DoctorOptions.defaultBaseURL(for: .appsFlyer)?.absoluteString == "https://dls2s.appsflyer.com/v1.0")
        #expect(DoctorOptions.defaultBaseURL(for: .optoLink) == nil)
    }

    @Test func aFlagOfAnotherServiceOrAMissingRequiredOneIsNamed() {
        let link = ["--link", "https://go.example.com/go/spring"]
        #expect(message(["--provider", "quberoute"]).contains("needs --link URL"))
        #expect(message(["--provider", "quberoute", "--link", "spring"]).contains("http(s) URL with a host"))
        #expect(
            message(["--provider", "quberoute", "--link", "cold-start=https://x.test/a"]).contains("without a ROLE="))
        #expect(message(["--provider", "quberoute", "--org-key", "demo"] + link).contains("--org-key is OptoLink's"))
        #expect(message(["--provider", "deepblue", "--app-id", "id1"] + link).contains("are AppsFlyer's"))
        #expect(
            message(["--base-url", "https://links.example.com", "--org-key", "demo", "--dev-key", "k"]).contains(
                "are AppsFlyer's"))
        #expect(message(["--provider", "appsflyer"] + link).contains("needs --app-id"))
        #expect(message(["--provider", "appsflyer", "--app-id", "123456789"] + link).contains("id and the app's"))
        #expect(
            message(["--provider", "appsflyer", "--app-id", "id1", "--dev-key", "a b"] + link).contains("--dev-key"))
    }

    @Test func theDashboardHelpListsTheSubcommand() {
        #expect(DashboardOptions.usage.contains("optolink-dash doctor --base-url URL --org-key KEY"))
        #expect(DashboardOptions.usage.contains("optolink-dash doctor --help"))
    }
}

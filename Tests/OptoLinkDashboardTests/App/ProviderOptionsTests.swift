import DashboardDoctor
import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import OptoLinkDashboard

/// `--provider` and the services' key flags: parsing, the demo keys on the embedded server, the usage
/// errors against `--base-url`.
@Suite("DashboardOptions --provider")
struct ProviderOptionsTests {
    static let embedded = URL(string: "http://127.0.0.1:41234")!
    static let real = URL(string: "https://api.example.com")!

    @Test func theProviderDefaultsToOptoLinkAndParsesEveryServiceName() throws {
        #expect(try DashboardOptions.parse([]).provider == .optoLink)
        for service in OptoLinkService.allCases {
            #expect(try DashboardOptions.parse(["--provider", service.rawValue]).provider == service)
            #expect(try DashboardOptions.parse(["--provider=\(service.rawValue.uppercased())"]).provider == service)
        }
    }

    @Test func anUnknownProviderIsAUsageErrorListingTheFour() {
        // When / Then
        #expect {
            try DashboardOptions.parse(["--provider", "branch"])
        } throws: { error in
            (error as? DashboardError)?.description
                == "--provider must be optolink, quberoute, deepblue or appsflyer, not 'branch'"
        }
        #expect(throws: DashboardError.self) { try DashboardOptions.parse(["--provider"]) }
    }

    @Test func onTheEmbeddedServerEveryServiceHasItsDemoKeys() throws {
        // Given no flags but the provider
        let options = try DashboardOptions.parse(["--provider", "appsflyer"])
        // Then each service's target carries the demo seed's keys
        let qube = try options.target(for: .quberoute, baseURL: Self.embedded)
        #expect(qube.service == .quberoute && qube.apiKey?.rawValue == "qr_live_demo_publishable_key_0001")
        let deepBlue = try options.target(for: .deepBlue, baseURL: Self.embedded)
        #expect(deepBlue.apiKey?.rawValue == "dbl_sandbox_demo_key_000000001")
        let appsFlyer = try options.target(for: .appsFlyer, baseURL: Self.embedded)
        #expect(appsFlyer.appID == "id123456789" && appsFlyer.devKey?.rawValue == "w8sZzy8EaPaxFKfaoTqUi6")
        let optoLink = try options.target(for: .optoLink, baseURL: Self.embedded)
        #expect(optoLink.apiKey?.rawValue == DashboardOptions.demoAPIKey && optoLink.orgKey?.rawValue == "demo")
        #expect(BackendTarget.demo(.quberoute, baseURL: Self.embedded) == qube)
    }

    @Test func theKeyFlagsAreTheKeysOfTheirServiceOnTheDeployment() throws {
        let options = try DashboardOptions.parse([
            "--base-url", Self.real.absoluteString, "--provider", "quberoute", "--api-key",
            "qr_test_demo_publishable_key_0001",
        ])
        #expect(
            try options.target(for: .quberoute, baseURL: Self.real).apiKey?.rawValue
                == "qr_test_demo_publishable_key_0001")
        let appsFlyer = try DashboardOptions.parse([
            "--base-url", Self.real.absoluteString, "--provider", "appsflyer", "--app-id", "id42", "--dev-key", "k3y",
        ])
        let target = try appsFlyer.target(for: .appsFlyer, baseURL: Self.real)
        #expect(target.appID == "id42" && target.devKey?.rawValue == "k3y")
    }

    @Test(arguments: [
        (["--provider", "quberoute"], "--api-key"),
        (["--provider", "deepblue"], "--api-key"),
        (["--provider", "appsflyer"], "--app-id"),
        (["--provider", "appsflyer", "--app-id", "id123456789"], "--dev-key"),
    ])
    func againstARealDeploymentAMissingKeyIsAUsageErrorNamingTheFlag(arguments: [String], flag: String) {
        // Given --base-url (no demo keys there) without the service's key
        // When / Then
        #expect {
            try DashboardOptions.parse(arguments + ["--base-url", Self.real.absoluteString])
        } throws: { error in
            let message = (error as? DashboardError)?.description ?? ""
            return (error as? DashboardError)?.isUsage == true && message.contains("needs \(flag)")
        }
    }

    @Test(arguments: [
        (["--provider", "deepblue", "--api-key", ""], "--api-key"),
        (["--api-key", "opl_sdk_mine_0000000000000001"], "--api-key"), (["--org-key", "acme"], "--org-key"),
        (["--link", "https://go.example.com/acme/fall"], "--link"), (["--api-key=qr_live_x"], "--api-key"),
        (["--provider", "appsflyer", "--app-id", "id123456789"], "--app-id"),
        (["--headless", "--scenario", "all", "--dev-key", "k"], "--dev-key"),
    ])
    func aDeploymentsKeyOrLinkWithoutItsBaseURLIsRefusedInOneLine(arguments: [String], flag: String) {
        // Given a flag that names a deployment's key or link, and no --base-url
        // When / Then: refused in one line, naming the flag and the missing --base-url (the embedded server would
        // answer in the deployment's stead)
        #expect {
            try DashboardOptions.parse(arguments)
        } throws: { error in
            let message = (error as? DashboardError)?.description ?? ""
            return (error as? DashboardError)?.isUsage == true && message.hasPrefix(flag + " names something")
                && message.contains("give its --base-url too") && !message.contains("\n")
        }
    }

    @Test func againstARealDeploymentTheGivenKeysAreUsedAndNoDemoKey() throws {
        let qube = try DashboardOptions.parse([
            "--provider", "quberoute", "--base-url", Self.real.absoluteString, "--api-key", "qr_live_abc",
        ])
        let target = try qube.target(for: .quberoute, baseURL: Self.real)
        #expect(target.apiKey?.rawValue == "qr_live_abc" && target.baseURL == Self.real)
        // No key for Deep Blue was given: P cannot switch there, and a compare's column says why
        let anotherServicesKey = DashboardError.usage(
            "--api-key is QubeRoute's here (--provider quberoute): Deep Blue Links would need one of its own")
        #expect(throws: anotherServicesKey) { try qube.target(for: .deepBlue, baseURL: Self.real) }
        // OptoLink against --base-url keeps today's default (the demo CLIENT key) only when --api-key is not another
        // service's
        #expect(throws: DashboardError.self) { try qube.target(for: .optoLink, baseURL: Self.real) }
        let columns = HeadlessCompare.targets(options: qube, baseURL: Self.real)
        #expect(throws: anotherServicesKey) { try columns(.deepBlue).get() }
        #expect(try columns(.quberoute).get().apiKey?.rawValue == "qr_live_abc")
        let optoLink = try DashboardOptions.parse(["--base-url", Self.real.absoluteString])
        #expect(try optoLink.target(for: .optoLink, baseURL: Self.real).apiKey?.rawValue == DashboardOptions.demoAPIKey)
    }

    @Test(arguments: [
        (["--api-key", "opl_api_demo_server_key_0000000001"], "--api-key / --org-key", "SERVER key"),
        (["--org-key", "no spaces here"], "--api-key / --org-key", "orgKey"),
        (["--provider", "quberoute", "--api-key", "qr_sk_demo_secret"], "--api-key", "secret key (qr_sk_…)"),
        (["--provider", "quberoute", "--api-key", "qr_live_"], "--api-key", "publishable key"),
        (
            ["--provider", "appsflyer", "--app-id", "id1/2", "--dev-key", "w8sZzy8EaPaxFKfaoTqUi6"],
            "--app-id / --dev-key", "appID must not hold"
        ),
    ])
    func aKeyTheSDKRefusesIsAUsageErrorAtStartNotAFailureOfEveryLaunch(
        arguments: [String], flags: String, reason: String
    ) {
        // Given a key flag the SDK's configuration refuses, against a deployment (without --base-url the flag is
        // refused before: it would name the deployment's key to the embedded server)
        for extra in [["--base-url", Self.real.absoluteString]] {
            // When the options are parsed
            // Then parsing stops with a usage error naming the flags and the SDK's reason (nothing starts)
            #expect {
                try DashboardOptions.parse(arguments + extra)
            } throws: { error in
                let message = (error as? DashboardError)?.description ?? ""
                return (error as? DashboardError)?.isUsage == true && message.hasPrefix("\(flags): the SDK refuses")
                    && message.contains(reason)
            }
        }
    }

    @Test func theDemoKeysAndGivenValidKeysPassTheSDKsCheck() throws {
        // Given valid keys for each service (the demo ones, and given ones)
        for arguments in [
            [], ["--provider", "quberoute"], ["--provider", "deepblue"], ["--provider", "appsflyer"],
        ] {
            // Then they parse, and every service's target passes the check (P can switch to each)
            let options = try DashboardOptions.parse(arguments)
            for service in OptoLinkService.allCases {
                #expect(try options.target(for: service, baseURL: Self.embedded).service == service)
            }
        }
    }

    @Test func onlyAnAppsFlyerTargetCarriesAnAppIDAndADevKey() throws {
        // Given the targets of the other services, on the embedded server and on a deployment
        let options = try DashboardOptions.parse(["--provider", "appsflyer"])
        for service in [OptoLinkService.optoLink, .quberoute, .deepBlue] {
            let target = try options.target(for: service, baseURL: Self.embedded)
            // Then none holds AppsFlyer's credentials, not even empty ones
            #expect(target.appID == nil && target.devKey == nil, "\(service)")
            #expect(target.headerKey != "id123456789")
        }
        #expect(BackendTarget(baseURL: Self.real).appID == nil && BackendTarget(baseURL: Self.real).devKey == nil)
        // And the DevKey a target holds shows masked
        #expect("\(DevKey.demo)" == "w8sZ…")
    }

    @Test(arguments: ["", "w8sZzy8E aPaxFKfaoTqUi6", "w8sZzy8EaPaxFKfaoTqUi6\n"])
    func aDevKeyWithASpaceOrNothingIsRefusedByTheDashboardAndTheDoctorAlike(devKey: String) {
        // Given a DevKey pasted with a space, a line break, or nothing at all
        let expected = DashboardError.usage("--dev-key must be the DevKey alone, without spaces")
        // When the dashboard and the doctor read it, Then both refuse it in the same words
        #expect(throws: expected) {
            try DashboardOptions.parse([
                "--base-url", Self.real.absoluteString, "--provider", "appsflyer", "--app-id", "id42",
                "--dev-key", devKey,
            ])
        }
        #expect(throws: expected) {
            try DoctorOptions.parse([
                "--provider", "appsflyer", "--link", "https://demo.onelink.me/abcd/summer", "--app-id", "id42",
                "--dev-key", devKey,
            ])
        }
    }

    @Test func appsFlyerTakesNoAPIKey() {
        #expect {
            try DashboardOptions.parse(["--provider", "appsflyer", "--api-key", "x"])
        } throws: { error in
            (error as? DashboardError)?.description == "AppsFlyer takes --app-id and --dev-key, not --api-key"
        }
    }

    @Test func helpNamesTheProviderAndEachServicesKeyFlags() {
        for text in [
            "--provider NAME", "optolink (default), quberoute, deepblue or", "--app-id ID", "--dev-key KEY",
            "QubeRoute's publishable key", "Deep Blue's Api-Key", "P switches live",
        ] {
            #expect(DashboardOptions.usage.contains(text), "\(text)")
        }
    }
}

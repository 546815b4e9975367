import DashboardTestSupport
import Foundation
import OptoLink
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

/// The doctor against the stand-in deployments of QubeRoute, Deep Blue Links and AppsFlyer (127.0.0.1, port 0,
/// written from the seeds alone): a good deployment passes every line, a broken one fails the lines that
/// check what is broken, and the rest still pass.
@Suite("Doctor against the other services' stand-ins")
struct DoctorStandInTests {
    /// The lines that are not a plain pass, as `id: status`.
    func notPassing(_ report: DoctorReport) -> [String] {
        report.checks.filter { $0.status != .pass }.map { "\($0.id): \($0.status.rawValue)" }
    }

    @Test func aGoodQubeRouteDeploymentPassesEveryLine() async throws {
        // Given QubeRoute's stand-in as its project runs it
        let service = try StandInService.start(.quberoute)
        defer { service.stop() }
        // When the doctor checks its main link with the publishable key
        let report = await DoctorRunner(options: DoctorOptions.standIn(service)).run()
        // Then every line passes, the link resolved to its destination, and no install was made
        #expect(notPassing(report) == [], "\(report.checks)")
        #expect(report.exitCode == 0 && report.provider == "quberoute")
        #expect(report.check("link.resolve")?.detail.contains("→ https://pantry.example.test/boxes/harvest") == true)
        #expect(report.check("aasa.paths")?.title == "AASA covers /go/harvest-box")
        #expect(
            service.requests == ["GET /.well-known/apple-app-site-association", "POST /api/v1/sdk/resolve"])
        #expect(service.clicks.isEmpty)
    }

    @Test func aBrokenQubeRouteDeploymentAndASecretKeyFailTheirLines() async throws {
        // Given a deployment whose file is missing and whose links are unknown
        let service = try StandInService.start(.quberoute, flaws: [.noAssociationFile, .linksUnknown])
        defer { service.stop() }
        // When the doctor runs with the publishable key, then with the project's secret key
        let report = await DoctorRunner(options: DoctorOptions.standIn(service)).run()
        let secret = await DoctorRunner(options: DoctorOptions.standIn(service, apiKey: service.wrongKindKey)).run()
        // Then the file's status fails (the rest of its lines skipped) and the link resolves to nothing
        #expect(
            notPassing(report) == [
                "aasa.status: fail", "aasa.contentType: skip", "aasa.size: skip", "aasa.json: skip",
                "aasa.appID: skip", "aasa.paths: skip", "aasa.cacheControl: skip", "link.resolve: fail",
            ])
        #expect(report.check("link.resolve")?.detail.contains("reason not_a_link") == true)
        #expect(report.exitCode == DoctorExitCode.failed)
        // and the secret key is named, never sent: the link line is skipped
        #expect(secret.check("key.kind")?.status == .fail)
        #expect(secret.check("key.kind")?.detail.hasPrefix("a QubeRoute secret key (qr_sk_…)") == true)
        #expect(secret.check("link.resolve")?.status == .skip)
        #expect(service.requests.filter { $0.hasPrefix("POST") } == ["POST /api/v1/sdk/resolve"])
    }

    @Test func aGoodDeepBlueDeploymentPassesEveryLine() async throws {
        let service = try StandInService.start(.deepBlue)
        defer { service.stop() }
        let report = await DoctorRunner(options: DoctorOptions.standIn(service)).run()
        #expect(notPassing(report) == [], "\(report.checks)")
        #expect(
            report.check("link.resolve")?.detail.contains(
                "→ https://store.acme.test/catalog/fall?src=dbl (id 4101); the app routes to /catalog/fall") == true)
        #expect(service.requests == ["GET /.well-known/apple-app-site-association", "POST /api/links/resolve"])
    }

    @Test func aBrokenDeepBlueDeploymentAndARevokedKeyFailTheirLines() async throws {
        // Given a deployment whose file lists another app and whose links are unknown
        let service = try StandInService.start(.deepBlue, flaws: [.associationForAnotherApp, .linksUnknown])
        defer { service.stop() }
        let report = await DoctorRunner(options: DoctorOptions.standIn(service)).run()
        let revoked = await DoctorRunner(options: DoctorOptions.standIn(service, apiKey: service.wrongKindKey)).run()
        // Then the app ID fails (naming what the file lists) and resolve's 404 says "not a short link"
        #expect(notPassing(report) == ["aasa.appID: fail", "aasa.paths: skip", "link.resolve: fail"])
        #expect(report.check("aasa.appID")?.detail.contains("ZZ9OTHER99.test.another.app") == true)
        #expect(report.check("link.resolve")?.detail == "404 Not a short link")
        // and a revoked key fails its line, the link line then has nothing to read
        #expect(revoked.check("key.kind")?.detail == "403 This API key has been revoked")
        #expect(revoked.check("link.resolve")?.status == .skip)
    }

    @Test func aGoodAppsFlyerDeploymentPassesEveryLineAndUsesUpItsClick() async throws {
        // Given AppsFlyer's stand-in, its OneLink on 127.0.0.1
        let service = try StandInService.start(.appsFlyer)
        defer { service.stop() }
        // When the doctor clicks the link and, as the app's backend, signs one request for that click
        let report = await DoctorRunner(options: DoctorOptions.standIn(service)).run()
        // Then every line passes but the app key's (the app ships none), the click stopped before the App Store
        #expect(notPassing(report) == ["key.kind: skip"], "\(report.checks)")
        #expect(
            report.check("link.click")?.detail
                == "Safari: /ol/Hx7q/fall-drop 302; stopped before the App Store "
                + "(https://apps.apple.com/app/id1498765432), as the phone would leave Safari there"
        )
        #expect(
            report.check("link.found")?.detail.hasPrefix("found (probabilistic) → deep_link_value catalog/fall-drop")
                == true)
        // and the service saw one click, from this machine's own address, which the signed request used up
        #expect(service.clicks.map(\.address) == ["127.0.0.1"])
        #expect(
            service.requests == [
                "GET /.well-known/apple-app-site-association", "GET /ol/Hx7q/fall-drop",
                "POST /v1.0/ios/id1498765432",
            ])
    }

    @Test func aBrokenAppsFlyerDeploymentAndADevKeyAsTheAppsKeyFailTheirLines() async throws {
        // Given a OneLink whose file covers other paths and whose links are unknown
        let service = try StandInService.start(.appsFlyer, flaws: [.associationMissesLinkPaths, .linksUnknown])
        defer { service.stop() }
        // When the doctor runs with the DevKey given as the app's key too
        let report = await DoctorRunner(options: DoctorOptions.standIn(service, apiKey: service.devKey)).run()
        // Then the coverage fails naming the link's path, the click is refused, no signed request is sent (so
        // the S2S API, never contacted, is not judged)
        #expect(
            notPassing(report) == [
                "aasa.paths: fail", "api.https: skip", "key.kind: fail", "link.click: fail", "link.found: skip",
            ])
        #expect(report.check("aasa.paths")?.detail.contains("no component matches /ol/Hx7q/fall-drop") == true)
        #expect(report.check("key.kind")?.detail.contains("AppsFlyer DevKey") == true)
        #expect(report.check("key.kind")?.detail.contains(service.devKey) == false, "a secret is never printed")
        #expect(report.check("link.click")?.detail.hasSuffix("answered 404: the click failed") == true)
        #expect(!service.requests.contains { $0.hasPrefix("POST") })
    }

    @Test func aWrongDevKeyIsRefusedBySignature() async throws {
        let service = try StandInService.start(.appsFlyer)
        defer { service.stop() }
        let report = await DoctorRunner(options: DoctorOptions.standIn(service, devKey: "wrongDevKey00000000000")).run()
        #expect(notPassing(report) == ["key.kind: skip", "link.found: fail"])
        #expect(report.check("link.found")?.detail.hasPrefix("401 invalid_signature") == true)
        #expect(report.check("link.found")?.fix?.contains("the DevKey is not this app's") == true)
    }

    @Test func aLinkHostThatDoesNotAnswerSkipsEverythingElseAndExitsUnreachable() async throws {
        // Given a stand-in that was stopped: nothing listens on its port any more
        let service = try StandInService.start(.deepBlue)
        let options = DoctorOptions.standIn(service)
        service.stop()
        // When the doctor runs
        let report = await DoctorRunner(options: options).run()
        // Then the exit code says unreachable, and the checklist has the lines of a run that got answers
        #expect(report.exitCode == DoctorExitCode.unreachable && !report.reachable)
        let live = try StandInService.start(.deepBlue)
        defer { live.stop() }
        let reachable = await DoctorRunner(options: DoctorOptions.standIn(live)).run()
        #expect(report.checks.map(\.id) == reachable.checks.map(\.id))
        #expect(report.checks.map(\.title) == reachable.checks.map(\.title))
    }
}

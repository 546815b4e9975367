import DashboardTestSupport
import Foundation
import OptoLinkServer
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

/// The doctor against the reference server (embedded, 127.0.0.1, port 0): the demo seed passes, and seeds
/// that break one thing each fail the line that checks it.
@Suite("Doctor against the reference server")
struct DoctorReferenceServerTests {
    func run(
        _ server: OptoLinkServer, apiKey: String? = DoctorSeeds.clientKey, team: Bool = true, link: String? = "summer"
    ) async -> DoctorReport {
        let options = DoctorOptions(
            baseURL: server.baseURL, orgKey: .demo, apiKey: apiKey.map(APIKey.init(rawValue:)),
            teamId: team ? DoctorSeeds.teamId : nil, bundleId: team ? DoctorSeeds.bundleId : nil, link: link)
        return await DoctorRunner(options: options).run()
    }

    /// The lines that are not a plain pass, as `id: status`.
    func notPassing(_ report: DoctorReport) -> [String] {
        report.checks.filter { $0.status != .pass }.map { "\($0.id): \($0.status.rawValue)" }
    }

    /// The reference server sends a `Date` header on every answer (RFC 9110 §6.6.1), from this machine's
    /// clock: the clock line passes.
    func expectClockPasses(_ report: DoctorReport) {
        let clock = report.check("clock.skew")
        #expect(clock?.status == .pass, "\(String(describing: clock))")
    }

    @Test func theDemoDeploymentPassesEveryCheck() async throws {
        // Given the reference server on the demo data
        let server = try DoctorSeeds.server()
        defer { server.stop() }
        // When the doctor checks org demo with every option
        let report = await run(server)
        // Then every line passes (the clock line too: the server sends Date) and the exit code is 0
        #expect(notPassing(report) == [])
        expectClockPasses(report)
        #expect(report.exitCode == 0)
        #expect(report.check("link.match")?.detail.hasPrefix("CLIPBOARD exact → /promo/summer") == true)
    }

    @Test func theProductionServerWithoutDevEndpointsPassesTheSame() async throws {
        // Given the server as a staging or production OptoLink runs: no /dev endpoints
        let server = try DoctorSeeds.server(production: true)
        defer { server.stop() }
        let dev = try await NoRedirectTransport().send(
            .init(method: "GET", url: server.baseURL.appendingPathComponent("dev/faults"), timeout: 5))
        #expect(dev.status == 404)
        // When the doctor runs, Then it needs none of them
        let report = await run(server)
        #expect(notPassing(report) == [])
        expectClockPasses(report)
        #expect(report.exitCode == 0)
    }

    @Test func theKeyProbeChangesNothingOnTheServer() async throws {
        // Given the server on a database file, and every row it holds
        let path = NSTemporaryDirectory() + "doctor-probe-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let server = try DoctorSeeds.server(databasePath: path)
        defer { server.stop() }
        let before = try DoctorServerProbe.databaseRows(server, path: path)
        let records = DoctorServerProbe.matchRecordCount(server)
        // When the doctor proves the key (no --link: only /health, the AASA and the probe are sent)
        let deviceId = KeyCheck.probeDeviceId()
        let options = DoctorOptions(
            baseURL: server.baseURL, orgKey: .demo, apiKey: APIKey(rawValue: DoctorSeeds.clientKey))
        let report = await DoctorRunner(options: options, deviceId: deviceId).run()
        #expect(report.check("key.tier")?.status == .pass)
        // Then no row of any table changed (no device, no binding, no audit line) and no click was recorded
        let after = try DoctorServerProbe.databaseRows(server, path: path)
        #expect(after == before)
        #expect(!before.isEmpty && before["audit"] != nil && before["devices"] != nil)
        #expect(try !DoctorServerProbe.knowsDevice(server, deviceId: deviceId))
        #expect(DoctorServerProbe.matchRecordCount(server) == records)
    }

    @Test func theDoctorsOwnClickIsClaimedSoNoPhoneMatchesIt() async throws {
        let server = try DoctorSeeds.server()
        defer { server.stop() }
        let report = await run(server, apiKey: nil, team: false)
        let page = try #require(report.check("link.page"))
        let token = try #require(page.detail.split(separator: " ").last.map(String.init))
        #expect(token.hasPrefix("opl_") && token.count == 26)
        #expect(DoctorServerProbe.isClaimed(server, token: token))
    }

    @Test func anOrgWithoutATeamIdIsLeftOutOfTheAASA() async throws {
        let server = try DoctorSeeds.server(DoctorSeeds.demo(teamId: nil))
        defer { server.stop() }
        let report = await run(server)
        #expect(notPassing(report).filter { !$0.hasPrefix("clock.skew") } == ["aasa.appID: fail", "aasa.paths: skip"])
        #expect(
            report.check("aasa.appID")?.detail == "ABCDE12345.com.example.demo is not listed (the file lists: none)")
        #expect(report.exitCode == 1)
    }

    @Test func aTeamIdThatDoesNotMatchTheAppFails() async throws {
        let server = try DoctorSeeds.server(DoctorSeeds.demo(teamId: "WRONG12345"))
        defer { server.stop() }
        let report = await run(server)
        #expect(notPassing(report).filter { !$0.hasPrefix("clock.skew") } == ["aasa.appID: fail", "aasa.paths: skip"])
        #expect(report.check("aasa.appID")?.detail.contains("the file lists: WRONG12345.com.example.demo") == true)
    }

    @Test func aRevokedKeyIsAWrongKey() async throws {
        let server = try DoctorSeeds.server(DoctorSeeds.demo(clientKey: ["revoked": true]))
        defer { server.stop() }
        let report = await run(server)
        #expect(notPassing(report).filter { !$0.hasPrefix("clock.skew") } == ["key.tier: fail"])
        #expect(report.check("key.tier")?.detail == "401 API key revoked")
    }

    @Test func anExpiredKeyIsAWrongKey() async throws {
        let server = try DoctorSeeds.server(DoctorSeeds.demo(clientKey: ["expiresAt": "2020-01-01T00:00:00.000Z"]))
        defer { server.stop() }
        let report = await run(server)
        #expect(notPassing(report).filter { !$0.hasPrefix("clock.skew") } == ["key.tier: fail"])
        #expect(report.check("key.tier")?.detail == "401 API key expired")
    }

    @Test func aServerKeyIsCalledOutAsNeverToShip() async throws {
        let server = try DoctorSeeds.server()
        defer { server.stop() }
        let report = await run(server, apiKey: DoctorSeeds.serverKey)
        #expect(notPassing(report).filter { !$0.hasPrefix("clock.skew") } == ["key.tier: fail"])
        #expect(report.check("key.tier")?.fix?.contains("never ship a SERVER key") == true)
    }

    @Test func anUnknownLinkFailsItsDataAndPage() async throws {
        let server = try DoctorSeeds.server()
        defer { server.stop() }
        let report = await run(server, link: "nope")
        #expect(
            notPassing(report).filter { !$0.hasPrefix("clock.skew") } == [
                "link.data: fail", "link.page: fail", "link.match: skip",
            ])
        #expect(report.check("link.data")?.detail == "404: Link demo/nope not found")
    }

    @Test func aSuspendedOrgFailsItsAppIDItsKeyAndItsLinks() async throws {
        let server = try DoctorSeeds.server(DoctorSeeds.demo(status: "SUSPENDED"))
        defer { server.stop() }
        let report = await run(server)
        #expect(
            notPassing(report).filter { !$0.hasPrefix("clock.skew") }
                == [
                    "aasa.appID: fail", "aasa.paths: skip", "key.tier: fail", "link.data: fail", "link.page: fail",
                    "link.match: skip",
                ])
        #expect(report.check("key.tier")?.detail.contains("not active") == true)
    }

    @Test func anAASAOver128KBFailsOnlyItsSize() async throws {
        // Given 400 more apps with long bundle ids on the platform: the aggregated file passes 128 KB
        let server = try DoctorSeeds.server(DoctorSeeds.demo(extraOrgs: DoctorSeeds.manyApps(400)))
        defer { server.stop() }
        let report = await run(server, apiKey: nil, link: nil)
        #expect(
            notPassing(report).filter { !$0.hasPrefix("clock.skew") } == [
                "aasa.size: fail", "key.tier: skip", "link.data: skip",
                "link.page: skip", "link.match: skip",
            ])
        #expect(report.check("aasa.json")?.detail == "valid, applinks.details has 401 entries")
    }
}

import Foundation
import OptoLinkHTTP
import TestSupport
import Testing

@testable import DashboardLab
@testable import OptoLinkDashboard
@testable import OptoLinkServer

/// `optolink-server export`'s files read back into the lab.
@Suite(.quietMachine) struct ReplayServerExportTests {
    @Test func theServersStoredClicksAndFirstOpensReplayInTheLab() async throws {
        // Given a database file where a redirect click (with its token), a /data click, a device's /match with the
        // token (asked twice) and another device's /match without one were stored
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/server.sqlite"
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        do {
            let store = try Store(path: path)
            store.queueClick(
                linkId: "l1", source: "redirect", ipHash: "home",
                fingerprint: ClickFingerprint(platform: "iOS", osVersion: "26.2", language: "en-US"),
                token: "opl_AAAAAAAAAAAAAAAAAAAAAA", now: start)
            store.queueClick(linkId: "l1", source: "data", ipHash: "home", fingerprint: ClickFingerprint(), now: start)
            let asked = MatchEngine.Input(
                clipboardToken: "opl_AAAAAAAAAAAAAAAAAAAAAA", deviceId: "device-one",
                fingerprint: ClickFingerprint(
                    platform: "iOS", osVersion: "26.2", deviceModel: "iPhone16,1", language: "en-US",
                    timezone: "Europe/Berlin"))
            store.queueMatchRequest(asked, ipHash: "home", now: start.addingTimeInterval(120))
            store.queueMatchRequest(asked, ipHash: "home", now: start.addingTimeInterval(180))
            store.queueMatchRequest(
                MatchEngine.Input(deviceId: "device-two", fingerprint: ClickFingerprint(platform: "iOS")),
                ipHash: "cafe", now: start.addingTimeInterval(300))
            store.flush()
        }
        // When the export is written and replayed by the lab
        let store = try Store(path: path)
        var clicks = ""
        var opens = ""
        let counts = try store.exportReplay(clicks: { clicks += $0 }, opens: { opens += $0 })
        try clicks.write(toFile: folder + "/c.csv", atomically: true, encoding: .utf8)
        try opens.write(toFile: folder + "/o.csv", atomically: true, encoding: .utf8)
        let out = Locked("")
        let code = await LabCommand.run(
            arguments: ["--clicks", "c.csv", "--opens", "o.csv", "--json", "--no-sweep"], currentDirectory: folder,
            executablePath: nil, out: { line in out.withLock { $0 += line } }, err: { _ in })
        // Then one click and two first opens were written, one labeled, and production matched it by its token
        #expect(counts.clicks == 1)
        #expect(counts.opens == 2)
        #expect(code == 0)
        let report = try JSONDecoder().decode(ReplayReport.self, from: Data(out.withLock { $0 }.utf8))
        #expect(report.clicks == 1)
        #expect(report.opens == 2)
        #expect(report.labeled == 1)
        #expect(report.production["clipboard"] == 1)
        // And the chain alone finds it too: address, platform, OS and language agree two minutes after the click
        #expect(report.chain.correct == 1)
    }
}

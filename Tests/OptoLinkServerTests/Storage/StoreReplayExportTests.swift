import Foundation
import Testing

@testable import OptoLinkServer

/// The stored clicks and `/match` requests the match lab's replay reads (`optolink-server export`).
@Suite struct StoreReplayExportTests {
    @Test func aVersionSixDatabaseOpensAndExportsItsClicksWithoutTokens() throws {
        // Given a database at schema 6 holding a redirect click
        let database = TemporaryDatabase("schema6")
        defer { database.remove() }
        do {
            let old = try SQLiteDatabase(path: database.path)
            for version in 0..<6 {
                try old.execute("BEGIN;\n\(Schema.migrations[version])\nPRAGMA user_version = \(version + 1);\nCOMMIT;")
            }
            try old.execute(
                """
                INSERT INTO clicks (link_id, source, ip_hash, platform, os_version, language, at)
                VALUES ('l', 'redirect', 'h', 'iOS', '18.7', 'de-DE', 1767225600);
                """)
        }
        // When this server opens it and exports
        let store = try Store(path: database.path)
        var clicks = ""
        var opens = ""
        let counts = try store.exportReplay(clicks: { clicks += $0 }, opens: { opens += $0 })
        // Then the old click is there with an empty token, and no open was stored yet
        #expect(counts.clicks == 1)
        #expect(counts.opens == 0)
        #expect(clicks.split(separator: "\n").last == "1,1767225600,h,iOS,18.7,de-DE,,,")
        #expect(opens == "open_id,time,address,platform,os_version,device_model,language,timezone,token\n")
    }

    @Test func everyMatchRequestIsKeptAsAskedAndOnlyADevicesFirstIsExported() throws {
        // Given three /match requests, two from one device
        let store = try Store(path: nil)
        let input = MatchEngine.Input(
            clipboardToken: "opl_x", deviceId: "device-1",
            fingerprint: ClickFingerprint(platform: "iOS", osVersion: "26.2", language: "en-US, fr"))
        store.queueMatchRequest(input, ipHash: "h", now: Date(timeIntervalSince1970: 10))
        store.queueMatchRequest(input, ipHash: "h", now: Date(timeIntervalSince1970: 20.5))
        store.queueMatchRequest(
            MatchEngine.Input(fingerprint: ClickFingerprint()), ipHash: "g", now: Date(timeIntervalSince1970: 30.5))
        store.flush()
        // When they are exported
        var opens = ""
        let counts = try store.exportReplay(clicks: { _ in }, opens: { opens += $0 })
        // Then the device's first and the anonymous one come out, a comma-holding field quoted
        #expect(counts.opens == 2)
        #expect(
            opens.split(separator: "\n").dropFirst() == [
                "1,10,h,iOS,26.2,,\"en-US, fr\",,opl_x", "3,30.5,g,,,,,,",
            ])
    }
}

import Foundation
import Testing

@testable import OptoLinkServer

@Suite struct StoreTests {
    @Test func keysAreStoredHashedNeverRaw() throws {
        let database = TemporaryDatabase("store")
        defer { database.remove() }
        let path = database.path
        do {
            let store = try Store(path: path)
            try store.apply(.demo, now: Date())
        }
        let bytes =
            try Data(contentsOf: URL(fileURLWithPath: path))
            + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("opl_sdk_demo_client_key_0000000001"))
        #expect(text.contains(Digest.sha256Hex("opl_sdk_demo_client_key_0000000001")) || bytes.count > 0)
        let keys = try Store(path: path).keys(prefix: "opl_sdk_demo_cli")
        #expect(keys.count == 1)
        #expect(keys.first?.hash == Digest.sha256Hex("opl_sdk_demo_client_key_0000000001"))
    }

    @Test func dataSurvivesARestartAndSeedingIsIdempotent() throws {
        let database = TemporaryDatabase("store")
        defer { database.remove() }
        let path = database.path
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        do {
            let store = try Store(path: path)
            try store.apply(.demo, now: now)
            let org = try #require(try store.org(key: "demo"))
            try store.upsertDevice(
                orgId: org.id, id: "device-1234", platform: "iOS", osVersion: nil, deviceModel: nil, now: now)
            _ = try store.bind(orgId: org.id, deviceId: "device-1234", externalId: "user-1", now: now)
            try store.insertEvent(orgId: org.id, deviceId: "device-1234", name: "e", properties: ["a": 1], now: now)
        }
        let store = try Store(path: path)
        try store.apply(.demo, now: now.addingTimeInterval(10))
        let org = try #require(try store.org(key: "demo"))
        #expect(try store.links(orgId: org.id).count == 3)
        #expect(try store.device(orgId: org.id, id: "device-1234")?.platform == "iOS")
        #expect(try store.openBinding(orgId: org.id, deviceId: "device-1234")?.externalId == "user-1")
        #expect(try store.eventCount(orgId: org.id, deviceId: "device-1234") == 1)
        #expect(try store.keys(prefix: "opl_sdk_demo_cli").count == 1)
    }

    @Test func bindingLifecycle() throws {
        let store = try Store(path: nil)
        try store.apply(.demo, now: Date())
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try store.bind(orgId: 1, deviceId: "d-000001", externalId: "alice", now: t0)
        #expect(
            try store.bind(orgId: 1, deviceId: "d-000001", externalId: "alice", now: t0 + 5).boundAt == first.boundAt)
        let second = try store.bind(orgId: 1, deviceId: "d-000001", externalId: "bob", now: t0 + 10)
        #expect(second.boundAt == t0 + 10)
        #expect(try store.unbind(orgId: 1, deviceId: "d-000001", now: t0 + 20)?.externalId == "bob")
        #expect(try store.openBinding(orgId: 1, deviceId: "d-000001") == nil)
        #expect(try store.unbind(orgId: 1, deviceId: "d-000001", now: t0 + 30) == nil)
    }

    @Test func queuedWritesAreSeenByTheNextReadAndCachedLinksFollowWrites() throws {
        let store = try Store(path: nil)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try store.apply(.demo, now: now)
        let org = try #require(try store.org(key: "demo"))
        var link = try #require(try store.link(orgId: org.id, shortCode: "summer"))  // now cached
        store.queueClick(linkId: link.id, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
        store.queueClick(linkId: link.id, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
        store.queueDeviceUpsert(orgId: org.id, id: "device-queued", now: now)
        #expect(try store.clickCount(linkId: link.id) == 2)
        #expect(try store.device(orgId: org.id, id: "device-queued")?.orgId == org.id)
        link.path = "/promo/changed"
        #expect(try store.save(link))
        #expect(try store.link(orgId: org.id, shortCode: "summer")?.path == "/promo/changed")
        #expect(try store.deleteLink(orgId: org.id, id: link.id))
        #expect(try store.link(orgId: org.id, shortCode: "summer") == nil)
    }

    @Test func queuedWritesAreAllAppliedByAFlush() throws {
        let database = TemporaryDatabase("store")
        defer { database.remove() }
        let path = database.path
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var linkId = ""
        do {
            let store = try Store(path: path)
            try store.apply(.demo, now: now)
            let org = try #require(try store.org(key: "demo"))
            linkId = try #require(try store.link(orgId: org.id, shortCode: "summer")).id
            for _ in 0..<(Store.maxPending + 3) {  // past the limit: one batch applied at once, the rest by the flush
                store.queueClick(linkId: linkId, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
            }
            store.queueDeviceUpsert(orgId: org.id, id: "device-late", now: now)
            store.flush()  // what `OptoLinkServer.stop()` does after the connections are closed
        }
        let reopened = try Store(path: path)
        #expect(try reopened.clickCount(linkId: linkId) == Store.maxPending + 3)
        #expect(try reopened.device(orgId: try #require(try reopened.org(key: "demo")).id, id: "device-late") != nil)
    }
    @Test func aMatchUpsertsTheDeviceOfItsOrgThenAudits() throws {
        let store = try Store(path: nil)
        let first = Date(timeIntervalSince1970: 1_800_000_000)
        try store.apply(.demo, now: first)
        let org = try #require(try store.org(key: "demo"))
        try store.recordMatch(device: nil, orgId: nil, actor: "anonymous", detail: "NONE", now: first)
        try store.recordMatch(
            device: ("match-device-1", "iOS", "17.4.1", nil), orgId: org.id, actor: "sdk:opl_sdk_",
            detail: "FINGERPRINT", now: first)
        try store.recordMatch(
            device: ("match-device-1", nil, nil, "iPhone16,1"), orgId: org.id, actor: "anonymous", detail: "NONE",
            now: first.addingTimeInterval(5))
        // No org known (no match, no key): no profile, as no org could reach it.
        try store.recordMatch(
            device: ("match-device-2", "iOS", nil, nil), orgId: nil, actor: "anonymous", detail: "NONE", now: first)
        #expect(try store.device(orgId: org.id, id: "match-device-2") == nil)
        let device = try #require(try store.device(orgId: org.id, id: "match-device-1"))
        #expect(device.platform == "iOS" && device.osVersion == "17.4.1" && device.deviceModel == "iPhone16,1")
        #expect(device.firstSeenAt == first && device.lastSeenAt == first.addingTimeInterval(5))
        let trail = try store.auditTrail(limit: 4)
        #expect(trail.map(\.actor) == ["anonymous", "anonymous", "sdk:opl_sdk_", "anonymous"])
        #expect(trail.map(\.action) == ["match", "match", "match", "match"])
        #expect(trail.map(\.detail) == ["NONE", "NONE", "FINGERPRINT", "NONE"])
    }

    /// Schema 2: a version-1 database keeps its devices under their orgs; a profile
    /// without an org, which no org's key could reach, is dropped.
    @Test func aVersionOneDatabaseMovesItsDevicesUnderTheirOrgs() throws {
        let database = TemporaryDatabase("schema1")
        defer { database.remove() }
        let path = database.path
        do {
            let old = try SQLiteDatabase(path: path)
            try old.execute("BEGIN;\n\(Schema.migrations[0])\nPRAGMA user_version = 1;\nCOMMIT;")
            try old.execute(
                """
                INSERT INTO orgs (id, org_key, name, status) VALUES (7, 'olde', 'Old', 'ACTIVE');
                INSERT INTO devices VALUES ('device-with-org', 7, 1, 2, 'iOS', '17.4', 'iPhone16,1');
                INSERT INTO devices VALUES ('device-without-org', NULL, 1, 2, NULL, NULL, NULL);
                """)
        }
        let store = try Store(path: path)
        #expect(try store.device(orgId: 7, id: "device-with-org")?.deviceModel == "iPhone16,1")
        #expect(try store.device(orgId: 7, id: "device-without-org") == nil)
        try store.upsertDevice(
            orgId: 7, id: "device-with-org", platform: nil, osVersion: "17.5", deviceModel: nil,
            now: Date(timeIntervalSince1970: 3))
        #expect(try store.device(orgId: 7, id: "device-with-org")?.osVersion == "17.5")
    }

    /// Schema 5: a version-4 database's QubeRoute installs get a refused-events count of 0.
    @Test func aVersionFourDatabaseKeepsItsQubeRouteInstalls() throws {
        let database = TemporaryDatabase("schema4")
        defer { database.remove() }
        let path = database.path
        do {
            let old = try SQLiteDatabase(path: path)
            for version in 0..<4 {
                try old.execute("BEGIN;\n\(Schema.migrations[version])\nPRAGMA user_version = \(version + 1);\nCOMMIT;")
            }
            try old.execute(
                """
                INSERT INTO qr_installs (project, environment, install_token, install_id, first_seen_at)
                VALUES ('demo', 'live', 'token4', 'inst_4', 1);
                """)
        }
        _ = try Store(path: path)
        let migrated = try SQLiteDatabase(path: path)
        #expect(try migrated.query("PRAGMA user_version;").first?.first?.int == Int64(Schema.currentVersion))
        let rows = try migrated.query("SELECT install_id, duplicate_events FROM qr_installs;")
        #expect(rows.count == 1)
        #expect(rows.first?[0].string == "inst_4")
        #expect(rows.first?[1].int == 0)
    }

    /// Issue 13, item 2: the clicks table (analytics) keeps its newest rows only, whether clicks are
    /// written at once (redirect page) or queued (`/data`).
    @Test func theClicksTableKeepsItsNewestRows() throws {
        let store = try Store(path: nil, maxClickRows: 160)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try store.apply(.demo, now: now)
        let org = try #require(try store.org(key: "demo"))
        let link = try #require(try store.link(orgId: org.id, shortCode: "summer"))
        for _ in 0..<300 {
            try store.insertClick(
                linkId: link.id, source: "redirect", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
        }
        for _ in 0..<300 {
            store.queueClick(linkId: link.id, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
        }
        let rows = try store.clickCount(linkId: link.id)
        #expect(rows >= 160 && rows <= 160 + 160 / 16, "\(rows) rows")
    }

    /// What clients record (OptoLink's events, QubeRoute's events and installs) keeps its newest rows only:
    /// a client with the public key cannot grow the database without bound.
    @Test func theTablesOfClientRecordsKeepTheirNewestRows() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let store = try Store(path: nil, maxRecordRows: 160)
        try store.apply(.demo, now: now)
        let org = try #require(try store.org(key: "demo"))
        for i in 0..<300 {
            try store.insertEvent(orgId: org.id, deviceId: "device-1234", name: "e\(i)", properties: nil, now: now)
        }
        let events = try store.eventCount(orgId: org.id, deviceId: "device-1234")
        #expect(events >= 160 && events <= 160 + 160 / 16, "\(events) rows")
        let newest = try store.withDatabase { db throws(OptoLinkServerError) in
            try db.query("SELECT name FROM events ORDER BY rowid DESC LIMIT 1").first?[0].string
        }
        #expect(newest == "e299")

        // QubeRoute: 300 installs of one event each, through its route
        let emulation = try EmulationRouter(maxRecordRows: 160)
        for i in 0..<300 {
            let token = String(format: "%032x", i)
            let response = try emulation.respond(
                "POST", "/api/v1/sdk/events",
                headers: [("Authorization", "Bearer \(QubeRouteTests.live)"), ("Content-Type", "application/json")],
                body: #"{"installToken":"\#(token)","events":[{"eventId":"e","name":"open"}]}"#)
            #expect(response.status == 200)
        }
        for table in ["qr_events", "qr_installs"] {
            let rows = try emulation.backend.store.withDatabase { db throws(OptoLinkServerError) in
                Int(try db.query("SELECT COUNT(*) FROM \(table)").first?[0].int ?? -1)
            }
            #expect(rows >= 160 && rows <= 160 + 160 / 16, "\(table): \(rows) rows")
        }
    }

    @Test func theServerPassesItsClickLimitsOn() throws {
        let server = try OptoLinkServer(
            configuration: .init(
                port: 0, maxClicksPerAddress: 7, clickMemoryBudget: 12_345, maxClickRows: 99, maxRecordRows: 77))
        #expect(
            server.backend.matches.snapshot.limits == MatchState.Limits(maxRecordsPerAddress: 7, memoryBudget: 12_345))
        #expect(server.backend.store.maxClickRows == 99)
        #expect(server.backend.store.maxRecordRows == 77)
        #expect(throws: OptoLinkServerError.self) {
            try OptoLinkServer(configuration: .init(port: 0, maxRecordRows: 0))
        }
        #expect(throws: OptoLinkServerError.self) {
            try OptoLinkServer(configuration: .init(port: 0, maxClicksPerAddress: 0))
        }
    }
}

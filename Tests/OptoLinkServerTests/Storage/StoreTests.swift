import Foundation
import Testing
@testable import OptoLinkServer

@Suite struct StoreTests {
    @Test func keysAreStoredHashedNeverRaw() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let store = try Store(path: path)
            try store.apply(.demo, now: Date())
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("opl_sdk_demo_client_key_0000000001"))
        #expect(text.contains(Digest.sha256Hex("opl_sdk_demo_client_key_0000000001")) || bytes.count > 0)
        let keys = try Store(path: path).keys(prefix: "opl_sdk_demo_cli")
        #expect(keys.count == 1)
        #expect(keys.first?.hash == Digest.sha256Hex("opl_sdk_demo_client_key_0000000001"))
    }

    @Test func dataSurvivesARestartAndSeedingIsIdempotent() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        do {
            let store = try Store(path: path)
            try store.apply(.demo, now: now)
            let org = try #require(try store.org(key: "demo"))
            try store.upsertDevice(id: "device-1234", orgId: org.id, platform: "iOS", osVersion: nil, deviceModel: nil, now: now)
            _ = try store.bind(orgId: org.id, deviceId: "device-1234", externalId: "user-1", now: now)
            try store.insertEvent(orgId: org.id, deviceId: "device-1234", name: "e", properties: ["a": 1], now: now)
        }
        let store = try Store(path: path)
        try store.apply(.demo, now: now.addingTimeInterval(10))
        let org = try #require(try store.org(key: "demo"))
        #expect(try store.links(orgId: org.id).count == 3)
        #expect(try store.device(id: "device-1234")?.platform == "iOS")
        #expect(try store.openBinding(orgId: org.id, deviceId: "device-1234")?.externalId == "user-1")
        #expect(try store.eventCount(deviceId: "device-1234") == 1)
        #expect(try store.keys(prefix: "opl_sdk_demo_cli").count == 1)
    }

    @Test func bindingLifecycle() throws {
        let store = try Store(path: nil)
        try store.apply(.demo, now: Date())
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try store.bind(orgId: 1, deviceId: "d-000001", externalId: "alice", now: t0)
        #expect(try store.bind(orgId: 1, deviceId: "d-000001", externalId: "alice", now: t0 + 5).boundAt == first.boundAt)
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
        var link = try #require(try store.link(orgId: org.id, shortCode: "summer"))   // now cached
        store.queueClick(linkId: link.id, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
        store.queueClick(linkId: link.id, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
        store.queueDeviceUpsert(id: "device-queued", orgId: org.id, now: now)
        #expect(try store.clickCount(linkId: link.id) == 2)
        #expect(try store.device(id: "device-queued")?.orgId == org.id)
        link.path = "/promo/changed"
        #expect(try store.save(link))
        #expect(try store.link(orgId: org.id, shortCode: "summer")?.path == "/promo/changed")
        #expect(try store.deleteLink(orgId: org.id, id: link.id))
        #expect(try store.link(orgId: org.id, shortCode: "summer") == nil)
    }

    @Test func queuedWritesAreAllAppliedByAFlush() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var linkId = ""
        do {
            let store = try Store(path: path)
            try store.apply(.demo, now: now)
            let org = try #require(try store.org(key: "demo"))
            linkId = try #require(try store.link(orgId: org.id, shortCode: "summer")).id
            for _ in 0..<(Store.maxPending + 3) {   // past the limit: one batch applied at once, the rest by the flush
                store.queueClick(linkId: linkId, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
            }
            store.queueDeviceUpsert(id: "device-late", orgId: org.id, now: now)
            store.flush()   // what `OptoLinkServer.stop()` does after the connections are closed
        }
        let reopened = try Store(path: path)
        #expect(try reopened.clickCount(linkId: linkId) == Store.maxPending + 3)
        #expect(try reopened.device(id: "device-late") != nil)
    }
    @Test func aMatchUpsertsTheDeviceThenAudits() throws {
        let store = try Store(path: nil)
        let first = Date(timeIntervalSince1970: 1_800_000_000)
        try store.recordMatch(device: nil, orgId: nil, actor: "anonymous", detail: "NONE", now: first)
        try store.recordMatch(device: ("match-device-1", "iOS", "17.4.1", nil), orgId: nil, actor: "sdk:opl_sdk_", detail: "FINGERPRINT", now: first)
        try store.recordMatch(device: ("match-device-1", nil, nil, "iPhone16,1"), orgId: nil, actor: "anonymous", detail: "NONE",
                              now: first.addingTimeInterval(5))
        let device = try #require(try store.device(id: "match-device-1"))
        #expect(device.platform == "iOS" && device.osVersion == "17.4.1" && device.deviceModel == "iPhone16,1")
        #expect(device.firstSeenAt == first && device.lastSeenAt == first.addingTimeInterval(5))
        let trail = try store.auditTrail(limit: 5)
        #expect(trail.map(\.actor) == ["anonymous", "sdk:opl_sdk_", "anonymous"])
        #expect(trail.map(\.action) == ["match", "match", "match"])
        #expect(trail.map(\.detail) == ["NONE", "FINGERPRINT", "NONE"])
    }
}

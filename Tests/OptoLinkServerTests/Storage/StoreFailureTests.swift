import Foundation
import Testing

@testable import OptoLinkServer

/// Log lines, collected (thread-safe).
final class LogCollector: @unchecked Sendable {
    // @unchecked: `lines` is only touched under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
    var log: ServerLog {
        ServerLog { [self] line in
            lock.lock()
            lines.append(line)
            lock.unlock()
        }
    }
}

/// A database that refuses writes: batches roll back instead of leaving a transaction open.
@Suite struct StoreFailureTests {
    @Test func aBatchThatCannotCommitIsRolledBackAndLogged() throws {
        let database = TemporaryDatabase("store-failure")
        defer { database.remove() }
        let path = database.path
        let logs = LogCollector()
        let store = try Store(path: path, log: logs.log)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try store.apply(.demo, now: now)
        let org = try #require(try store.org(key: "demo"))
        let link = try #require(try store.link(orgId: org.id, shortCode: "summer"))
        // Given a database whose commits of clicks fail: each click inserts a row that breaks a deferred
        // foreign key, which SQLite checks at COMMIT (and then leaves the transaction open).
        let other = try SQLiteDatabase(path: path)
        try other.execute(
            """
            CREATE TABLE commit_guard (org INTEGER REFERENCES orgs(id) DEFERRABLE INITIALLY DEFERRED);
            CREATE TRIGGER clicks_cannot_commit AFTER INSERT ON clicks BEGIN INSERT INTO commit_guard VALUES (-1); END;
            """)
        // When a batch of fire-and-forget clicks is applied, and an acknowledged event is written after it.
        // (queued while this test holds the database, so the background flush cannot take them one at a time)
        try store.withDatabase { _ in
            for _ in 0..<3 {
                store.queueClick(
                    linkId: link.id, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
            }
        }
        store.flush()
        try store.insertEvent(
            orgId: org.id, deviceId: "device-after-batch", name: "acknowledged", properties: nil, now: now)
        // Then no transaction is left open: the event is committed (another connection sees it), the
        // clicks are not, and the log says what was dropped and why.
        #expect(store.isInTransaction == false)
        let events = try other.query("SELECT name FROM events WHERE device_id = 'device-after-batch'")
        #expect(events.map { $0[0].string } == ["acknowledged"])
        #expect(try other.query("SELECT COUNT(*) FROM clicks").first?.first?.int == 0)
        let lines = logs.all
        #expect(lines.contains { $0.contains("rolled back") && $0.contains("FOREIGN KEY") }, "\(lines)")
        #expect(lines.contains { $0.contains("dropped 3 of 3 queued writes") }, "\(lines)")
        // And once the database takes writes again, batches commit.
        try other.execute("DROP TRIGGER clicks_cannot_commit;")
        for _ in 0..<2 {
            store.queueClick(linkId: link.id, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
        }
        #expect(try store.clickCount(linkId: link.id) == 2)
        #expect(try other.query("SELECT COUNT(*) FROM clicks").first?.first?.int == 2)
    }

    @Test func writesToAReadOnlyDatabaseAreDroppedAndLogged() throws {
        let logs = LogCollector()
        let store = try Store(path: nil, log: logs.log)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try store.apply(.demo, now: now)
        let org = try #require(try store.org(key: "demo"))
        let link = try #require(try store.link(orgId: org.id, shortCode: "summer"))
        try store.setQueryOnly(true)
        // (queued while this test holds the database, so the background flush cannot take them one at a time)
        try store.withDatabase { _ in
            for _ in 0..<2 {
                store.queueClick(
                    linkId: link.id, source: "data", ipHash: "h", fingerprint: ClickFingerprint(), now: now)
            }
        }
        store.flush()
        #expect(store.isInTransaction == false)
        #expect(
            logs.all.contains { $0.contains("dropped 2 of 2 queued writes") && $0.contains("readonly") }, "\(logs.all)")
        // A synchronous write fails with a 503 (not a 500: the client did nothing wrong), and nothing is left open.
        let refused = #expect(throws: OptoLinkServerError.self) {
            try store.insertEvent(orgId: org.id, deviceId: "device-ro", name: "e", properties: nil, now: now)
        }
        #expect(refused?.status == 503 && refused?.retryAfter == 1)
        #expect(store.isInTransaction == false)
        try store.setQueryOnly(false)
        try store.insertEvent(orgId: org.id, deviceId: "device-ro", name: "e", properties: nil, now: now)
        #expect(try store.eventCount(orgId: org.id, deviceId: "device-ro") == 1)
    }
}

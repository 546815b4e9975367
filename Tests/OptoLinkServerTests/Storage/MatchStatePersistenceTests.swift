import Foundation
import Testing

@testable import OptoLinkServer

/// A server on a database file keeps what its match engines hold in memory: the clicks still waiting for
/// their install, and the newest match attempts. A restart (a new `Store` and `Backend` on the same file,
/// as `--data-dir` or `--db` gives) finds them again; a server in memory keeps nothing, as before.
@Suite struct MatchStatePersistenceTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)
    static let iPhone = ClickFingerprint(platform: "iOS", osVersion: "17.4.1", language: "en-US")

    /// A server's backend on `path`, seeded with the demo org, at `now`.
    static func backend(_ path: String?, now: Date = start) throws -> Backend {
        let store = try Store(path: path)
        try store.apply(.demo, now: start)
        return Backend(store: store, clock: ManualServerClock(now), options: .init(trustForwardedFor: true))
    }

    /// A click on the demo `summer` link from `ip`.
    static func click(_ backend: Backend, ip: String, at date: Date = start) throws -> MatchRecord {
        let (_, link) = try backend.resolve(orgKey: "demo", shortCode: "summer")
        return try backend.recordClick(link: link, ip: ip, fingerprint: iPhone, at: date)
    }

    static func firstLaunch(_ backend: Backend, ip: String, token: String? = nil, at date: Date)
        -> MatchEngine.Decision
    {
        let input = MatchEngine.Input(clipboardToken: token, deviceId: "dev-1", fingerprint: iPhone)
        let decision = backend.matches.match(input, ipHash: backend.ipHash(ip), now: date)
        backend.attempts.record(input: input, decision: decision, ip: ip, now: date)
        return decision
    }

    @Test func aClickMadeBeforeARestartMatchesTheInstallAfterIt() throws {
        // Given a server on a file that recorded a click, then stopped
        let file = TemporaryDatabase("pending")
        defer { file.remove() }
        let before = try Self.backend(file.path)
        let record = try Self.click(before, ip: "198.51.100.20")
        before.store.flush()

        // When a new server starts on the file and the app's first launch comes, an hour later
        let later = Self.start.addingTimeInterval(3600)
        let after = try Self.backend(file.path, now: later)
        let decision = Self.firstLaunch(after, ip: "198.51.100.20", token: record.token, at: later)

        // Then the click is still there, with its link, and it matches by its token
        #expect(decision.result?.record.token == record.token)
        #expect(decision.result?.method == "CLIPBOARD")
        #expect(decision.result?.record.linkId == record.linkId)
        #expect(decision.result?.record.path == record.path)
        #expect(decision.result?.record.params == record.params)
    }

    @Test func aClickThatMatchedBeforeTheRestartDoesNotMatchAgain() throws {
        // Given a click that matched its install, then a restart
        let file = TemporaryDatabase("pending")
        defer { file.remove() }
        let before = try Self.backend(file.path)
        let record = try Self.click(before, ip: "198.51.100.21")
        #expect(Self.firstLaunch(before, ip: "198.51.100.21", at: Self.start.addingTimeInterval(60)).result != nil)
        before.store.flush()

        // When another install on the same address launches after the restart
        let later = Self.start.addingTimeInterval(600)
        let after = try Self.backend(file.path, now: later)

        // Then the engine holds no click: the matched one is not handed out twice
        #expect(after.matches.snapshot.records[record.token] == nil)
        #expect(Self.firstLaunch(after, ip: "198.51.100.21", at: later).result == nil)
    }

    @Test func clicksPastTheirWindowAreNotBroughtBack() throws {
        // Given a click, and a restart two days later (past the demo link's match window)
        let file = TemporaryDatabase("pending")
        defer { file.remove() }
        let before = try Self.backend(file.path)
        let record = try Self.click(before, ip: "198.51.100.22")
        before.store.flush()
        let after = try Self.backend(file.path, now: Self.start.addingTimeInterval(2 * 86_400))

        // Then the engine starts without it
        #expect(after.matches.snapshot.records[record.token] == nil)
        #expect(after.matches.usage.records == 0)
    }

    @Test func theMatchAttemptsOutliveTheRestartAndTheirNumbersGoOn() throws {
        // Given two attempts on a server on a file, then a restart
        let file = TemporaryDatabase("attempts")
        defer { file.remove() }
        let before = try Self.backend(file.path)
        _ = try Self.click(before, ip: "198.51.100.23")
        _ = Self.firstLaunch(before, ip: "198.51.100.23", at: Self.start.addingTimeInterval(30))
        _ = Self.firstLaunch(before, ip: "198.51.100.24", at: Self.start.addingTimeInterval(40))
        let shown = before.attempts.recent(deviceId: nil, limit: 10)
        before.store.flush()
        let after = try Self.backend(file.path, now: Self.start.addingTimeInterval(100))

        // When a third attempt comes
        _ = Self.firstLaunch(after, ip: "198.51.100.25", at: Self.start.addingTimeInterval(120))

        // Then /dev/match-attempts shows the two as they were, after the new one, numbered on
        let now = after.attempts.recent(deviceId: nil, limit: 10)
        #expect(now.count == 3)
        #expect(Array(now.dropFirst()) == shown)
        let newest = try #require(now.first?.objectValue)
        #expect(newest["id"] == .string("att_3"))
        #expect(after.attempts.recent(deviceId: "dev-1", service: "quberoute", limit: 10).isEmpty)
    }

    @Test func anEmulatedAppsClicksAreKeptUnderTheirOwnEngine() throws {
        // Given an emulated app's click store on a file, and one click on it
        let file = TemporaryDatabase("emulated")
        defer { file.remove() }
        let store = try Store(path: file.path)
        let clicks = EmulatedClickStore(journal: .of("deepblue:shop", in: store), now: Self.start)
        let record = clicks.record(
            linkId: "promo", code: "promo", path: "/promo", params: ["campaign": "spring"], windowHours: 24,
            ipHash: "hash-1", fingerprint: Self.iPhone, at: Self.start, now: Self.start)
        store.flush()

        // When the server restarts: the same app's engine, and another app's
        let again = try Store(path: file.path)
        let later = Self.start.addingTimeInterval(60)
        let same = EmulatedClickStore(journal: .of("deepblue:shop", in: again), now: later)
        let other = EmulatedClickStore(journal: .of("deepblue:other", in: again), now: later)

        // Then the click is back in its own app's engine only
        #expect(same.snapshot.records[record.token]?.params == ["campaign": "spring"])
        #expect(other.snapshot.records.isEmpty)
    }

    @Test func aServerInMemoryKeepsNothingOutsideItsMemory() throws {
        // Given a server on an in-memory database
        let backend = try Self.backend(nil)
        _ = try Self.click(backend, ip: "198.51.100.26")
        _ = Self.firstLaunch(backend, ip: "198.51.100.26", at: Self.start.addingTimeInterval(5))
        backend.store.flush()

        // Then no journal is made for it, and its tables stay empty
        #expect(MatchJournal.of("optolink", in: backend.store) == nil)
        let rows = try backend.store.withDatabase { db throws(OptoLinkServerError) in
            try db.query("SELECT (SELECT COUNT(*) FROM pending_clicks), (SELECT COUNT(*) FROM match_attempts)")
        }
        #expect(rows.first?.map(\.int) == [0, 0])
    }
}

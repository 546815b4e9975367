import Foundation
import TestSupport
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Storage work runs off the event-loop threads: a write waiting on the database does not stall other
/// connections. Real sockets and real time; the slow store is a real one: another
/// connection holds the database's write lock, so the server's write waits on SQLite's busy timeout (5 s).
///
/// The lock is let go on a timer of its own, counted from the moment the write is seen waiting, on a
/// thread of its own: never after the test's own requests, nor after a wake-up on the cooperative pool.
/// On a busy machine those kept the lock past the busy timeout (the write answered 503, 2 of 2 full
/// runs on 2 cores while compiling).
@Suite(.serialized, .tags(.realTime), .skippable(.realTime)) struct SlowStorageTests {
    /// How long the lock is held once the write waits: well inside the 5 s busy timeout, and long enough
    /// that a read stalled behind the write would take over the test's 1 s bound.
    static let hold: TimeInterval = 2

    /// What the clients saw while another connection held the database's write lock.
    struct HeldLock: Sendable {
        /// Whether the event's write was seen waiting on the database (holding the store, as a storage
        /// worker does while SQLite waits for the lock).
        var writeWaited = false
        /// The event's status; nil when no answer came.
        var writeStatus: Int?
        /// When each read was sent, and how long its answer took (infinity when it was not a 200).
        var reads: [TimedRequests.Timing] = []
        /// When the lock was let go; nil when it could not be taken or let go.
        var releasedAt: Date?
    }

    /// Runs `body` on a new thread (never the cooperative pool) and returns its result.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// Takes the database's write lock from another connection, sends a client's event, and once the
    /// event's write waits for the lock, has eight other clients read at the same time, each on a thread
    /// of its own; lets the lock go ``hold`` seconds after the write was seen waiting. Blocks the calling
    /// thread: every step runs on threads of their own, so neither how long the reads take nor a busy
    /// cooperative pool moves the release.
    static func readWhileAWriteWaits(path: String, port: Int, store: Store, auth: [String: String]) -> HeldLock {
        var outcome = HeldLock()
        guard let holder = try? SQLiteDatabase(path: path), (try? holder.execute("BEGIN EXCLUSIVE;")) != nil else {
            return outcome
        }
        let written = DispatchSemaphore(value: 0)
        let writeStatus = Locked<Int?>(nil)
        Thread {
            let status = TestConnection(port: port, timeout: 10).request(
                "POST", "/sdk/events", headers: auth, body: #"{"deviceId":"slow-device-1","eventName":"waits"}"#
            )?.status
            writeStatus.withLock { $0 = status }
            written.signal()
        }.start()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            do {
                try store.withDatabase(access: .noWait) { _ in }
            } catch {
                outcome.writeWaited = error.isStorageBusy
                break
            }
            usleep(5_000)
        }
        let waitingSince = Date()
        let reads = TimedRequests(8, port: port, timeout: 3) { i, connection in
            connection.request("GET", i % 2 == 0 ? "/demo/summer/data" : "/health")?.status == 200
        }
        Thread.sleep(until: waitingSince.addingTimeInterval(hold))
        if (try? holder.execute("COMMIT;")) != nil { outcome.releasedAt = Date() }
        outcome.reads = reads.wait(upTo: 30)
        _ = written.wait(timeout: .now() + 30)
        outcome.writeStatus = writeStatus.withLock { $0 }
        return outcome
    }

    @Test func aWriteWaitingOnTheDatabaseDoesNotStallOtherConnections() async throws {
        let database = TemporaryDatabase("slow-store")
        defer { database.remove() }
        let path = database.path
        let server = try TestServer(databasePath: path)
        defer { server.stop() }
        let port = server.port
        let store = server.backend.store
        let auth = bearer(TestServer.clientKey)
        // Given a registered device, warm read caches and no write queued.
        #expect(
            server.request("POST", "/sdk/session", headers: auth, body: #"{"deviceId":"slow-device-1"}"#)?.status == 200
        )
        #expect(server.request("GET", "/demo/summer/data")?.status == 200)
        store.flush()

        // When another connection holds the database's write lock, a client's event has to wait for it,
        // and other clients read meanwhile.
        let held = await Self.onThread { Self.readWhileAWriteWaits(path: path, port: port, store: store, auth: auth) }

        // Then the event waited on the database, and the other clients, on every event loop, were
        // answered at once: each read was sent a second or more before the lock was let go, so one stalled
        // behind the write would have broken the 1 s bound.
        let released = try #require(held.releasedAt, "the other connection could not take or let go of the lock")
        let latencies = held.reads.map(\.seconds)
        #expect(held.writeWaited, "the event never waited on the database")
        #expect(held.reads.count == 8)
        #expect(latencies.allSatisfy { $0 < 1 }, "\(latencies)")
        #expect(held.reads.allSatisfy { released.timeIntervalSince($0.sent) >= 1 }, "\(held.reads) \(released)")
        // And the waiting write is answered once the lock is free.
        #expect(held.writeStatus == 200)
        #expect(try store.demoEventCount("slow-device-1") == 1)
    }
}

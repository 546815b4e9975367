import Foundation
import TestSupport
import Testing

@testable import OptoLinkServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Storage work runs off the event-loop threads: a write waiting on the database does not stall other
/// connections (issue 13, item 4). Real sockets and real time; the slow store is a real one: another
/// connection holds the database's write lock, so the server's write waits on SQLite's busy timeout.
@Suite(.serialized, .tags(.realTime), .skippable(.realTime)) struct SlowStorageTests {
    /// Runs `body` on a new thread (never the cooperative pool) and returns its result.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    @Test func aWriteWaitingOnTheDatabaseDoesNotStallOtherConnections() async throws {
        let database = TemporaryDatabase("slow-store")
        defer { database.remove() }
        let path = database.path
        let server = try TestServer(databasePath: path)
        defer { server.stop() }
        let port = server.port
        let auth = bearer(TestServer.clientKey)
        // Given a registered device and warm read caches.
        #expect(
            server.request("POST", "/sdk/session", headers: auth, body: #"{"deviceId":"slow-device-1"}"#)?.status == 200
        )
        #expect(server.request("GET", "/demo/summer/data")?.status == 200)

        // When another connection holds the database's write lock and a client's event has to wait for it.
        let holder = try SQLiteDatabase(path: path)
        try holder.execute("BEGIN EXCLUSIVE;")
        async let writer: Int? = Self.onThread {
            TestConnection(port: port, timeout: 10).request(
                "POST", "/sdk/events", headers: auth,
                body: #"{"deviceId":"slow-device-1","eventName":"waits"}"#)?.status
        }
        try await Task.sleep(for: .milliseconds(300))  // real time: the writer is now waiting on the lock (EndToEnd)
        // Then other clients, on every event loop, are answered at once.
        let latencies: [TimeInterval] = await Self.onThread {
            (0..<8).map { i in
                let started = Date()
                let connection = TestConnection(port: port, timeout: 3)
                let ok = connection.request("GET", i % 2 == 0 ? "/demo/summer/data" : "/health")?.status == 200
                return ok ? Date().timeIntervalSince(started) : .infinity
            }
        }
        try await Task.sleep(for: .milliseconds(500))
        try holder.execute("COMMIT;")
        // And the waiting write is answered once the lock is free.
        let status = await writer
        #expect(latencies.allSatisfy { $0 < 1 }, "\(latencies)")
        #expect(status == 200)
        #expect(try server.backend.store.demoEventCount("slow-device-1") == 1)
    }
}

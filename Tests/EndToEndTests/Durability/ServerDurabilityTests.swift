import Foundation
import Testing

/// `optolink-server` killed with SIGKILL while events are being posted from many threads: after a
/// restart on the same `--db`, every event that was answered 200 is stored.
@Suite("Server durability (SIGKILL mid-write)", .tags(.processes, .load), .skippable(.processes, .load))
struct ServerDurabilityTests {
    /// Shared results of the posting threads.
    ///
    /// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var acknowledged: [String] = []
        private var unanswered: [String] = []
        private var otherStatuses: [Int] = []

        func record(_ name: String, status: Int?) {
            lock.lock()
            defer { lock.unlock() }
            switch status {
            case 200?: acknowledged.append(name)
            case nil: unanswered.append(name)
            case let other?: otherStatuses.append(other)
            }
        }

        var snapshot: (acknowledged: [String], unanswered: [String], other: [Int]) {
            lock.lock()
            defer { lock.unlock() }
            return (acknowledged, unanswered, otherStatuses)
        }
    }

    /// Runs `body` on `count` dedicated threads (blocking sockets stay off the cooperative pool) and
    /// resumes when all are done.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread {
                body(index)
                group.leave()
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                group.wait()
                continuation.resume()
            }
        }
    }

    static func eventBody(deviceId: String, name: String) -> Data {
        Data(
            (#"{"deviceId":"\#(deviceId)","eventName":"\#(name)","#
                + #""properties":{"thread":"\#(name.split(separator: "-")[1])"}}"#)
                .utf8)
    }

    static let clientHeaders = ["Authorization": "Bearer \(DemoKeys.client)", "Content-Type": "application/json"]

    @Test("every event answered 200 before the SIGKILL is in the database after the restart")
    func acknowledgedEventsSurviveKill() async throws {
        try await QuietMachine.shared.run { try await self.acknowledgedEventsSurviveKillAlone() }  // see QuietMachine
    }

    private func acknowledgedEventsSurviveKillAlone() async throws {
        let threads = RunSettings.long ? 16 : 8
        var rng = SeededRandom(seed: RunSettings.seed(default: 4242))
        let killAfter = Int.random(in: (RunSettings.long ? 3000 : 400)...(RunSettings.long ? 6000 : 900), using: &rng)
        let directory = TemporaryDirectory.make("server-durability")
        let database = directory.appendingPathComponent("optolink.sqlite").path
        let log = directory.appendingPathComponent("server.log")

        let first = try await ServerProcess.start(["--db", database, "--trust-forwarded-for"], log: log)
        defer { first.child.kill() }
        let port = first.port
        let devices = (0..<threads).map { "durability-device-\($0)-\(UUID().uuidString.prefix(8))" }
        let registered = Tally()
        await Self.onThreads(threads) { t in
            let body = Data(#"{"deviceId":"\#(devices[t])"}"#.utf8)
            let status = BlockingHTTP.send(
                port: port, method: "POST", path: "/sdk/session",
                headers: Self.clientHeaders.merging(["X-Forwarded-For": "10.30.\(t).1"]) { $1 }, body: body)
            registered.record(devices[t], status: status)
        }
        try #require(registered.snapshot.acknowledged.count == threads, "sessions: \(registered.snapshot)")

        // Post until the server dies: each thread stops at its first request without an answer.
        let tally = Tally()
        let posting = Task {
            await Self.onThreads(threads) { t in
                var i = 0
                while true {
                    i += 1
                    let name = "srv-\(t)-\(i)"
                    // A new simulated address every request, so the 600/min events limit never answers 429.
                    let headers = Self.clientHeaders.merging([
                        "X-Forwarded-For": "10.\(40 + t).\(i / 250 % 250).\(i % 250 + 1)"
                    ]) { $1 }
                    let status = BlockingHTTP.send(
                        port: port, method: "POST", path: "/sdk/events", headers: headers,
                        body: Self.eventBody(deviceId: devices[t], name: name))
                    tally.record(name, status: status)
                    if status == nil || i > 100_000 { return }
                }
            }
        }
        let deadline = Date().addingTimeInterval(60)
        while tally.snapshot.acknowledged.count < killAfter, Date() < deadline {
            try await Task.sleep(nanoseconds: 2_000_000)
        }
        first.child.kill()
        #expect(await first.child.waitForExit(timeout: 10) != nil)
        await posting.value
        let (acknowledged, unanswered, other) = tally.snapshot
        #expect(acknowledged.count >= killAfter)
        #expect(other.isEmpty, "statuses other than 200: \(Set(other))")

        // Restart on the same database: it opens, and serves the devices it knew.
        let second = try await ServerProcess.start(["--db", database, "--trust-forwarded-for"], log: log)
        defer { second.child.kill() }
        let afterRestart = await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
            Thread.detachNewThread {
                continuation.resume(
                    returning: BlockingHTTP.send(
                        port: second.port, method: "POST", path: "/sdk/events",
                        headers: Self.clientHeaders.merging(["X-Forwarded-For": "10.99.0.1"]) { $1 },
                        body: Self.eventBody(deviceId: devices[0], name: "srv-0-after")))
            }
        }
        #expect(afterRestart == 200)
        second.child.kill(SIGTERM)
        #expect(await second.child.waitForExit(timeout: 10) == 0)

        let stored = try ServerProbe.events(databasePath: database).map(\.name)
        let storedSet = Set(stored)
        let missing = acknowledged.filter { !storedSet.contains($0) }
        let inFlightStored = unanswered.filter { storedSet.contains($0) }.count
        print(
            """
            SERVER DURABILITY threads=\(threads) acknowledged=\(acknowledged.count) \
            unanswered-at-kill=\(unanswered.count) \
            stored=\(stored.count - 1) acknowledged-missing=\(missing.count) unanswered-but-stored=\(inFlightStored) \
            duplicates=\(stored.count - storedSet.count)
            """)
        #expect(missing.isEmpty, "acknowledged but not stored: \(missing.prefix(20))")
        #expect(stored.count == storedSet.count)  // each POST is one row: nothing doubled by the restart
        #expect(storedSet.contains("srv-0-after"))
        try? FileManager.default.removeItem(at: directory)
    }
}

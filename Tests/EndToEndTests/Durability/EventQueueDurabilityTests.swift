import Foundation
import Testing

/// The SDK's event queue survives SIGKILL: `optolink-event-child` tracks `evt-0001`…`evt-1000` through the
/// real SDK with a `FileKeyValueStore`, while the server fails in bursts (503, 500, dropped connections,
/// answers slower than the 1 s timeout) and the test kills the child at seeded random moments and starts
/// it again on the same store directory. Every event must reach the server at least once; duplicates
/// are counted and reported (the contract has no event id: delivery is at-least-once).
@Suite("Event queue durability (child process, SIGKILL)", .tags(.processes, .load), .skippable(.processes, .load))
struct EventQueueDurabilityTests {
    /// What one fault burst injects.
    static func randomBurst(using rng: inout SeededRandom) -> (
        route: String, kind: String, status: Int?, delay: Double?, count: Int
    ) {
        let route = Int.random(in: 0..<4, using: &rng) == 0 ? "any" : "events"
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<4: return (route, "status", 503, nil, Int.random(in: 1...4, using: &rng))
        case 4..<6: return (route, "status", 500, nil, Int.random(in: 1...3, using: &rng))
        case 6..<9: return (route, "drop", nil, nil, Int.random(in: 1...3, using: &rng))
        default: return ("events", "delay", nil, 1.5, 1)  // past the child's 1 s timeout: a likely duplicate
        }
    }

    @Test("1 000 events, SIGKILLed several times, faults in bursts: none lost, duplicates counted")
    func eventsSurviveKills() async throws {
        try await QuietMachine.shared.run { try await self.eventsSurviveKillsAlone() }  // see QuietMachine
    }

    private func eventsSurviveKillsAlone() async throws {
        let total = RunSettings.long ? 5000 : 1000
        let kills = RunSettings.long ? 30 : 6
        let seed = RunSettings.seed(default: 20_261_130)
        var rng = SeededRandom(seed: seed)
        let faultRng = SeededRandom(seed: seed &+ 1)

        let server = try TestServer(onDisk: true)
        defer { server.stop() }
        let databasePath = try #require(server.databasePath)
        let storeDirectory = TemporaryDirectory.make("child-store")
        let logDirectory = TemporaryDirectory.make("child-logs")
        let binary = try Binaries.url("optolink-event-child")
        let started = Date()

        // Fault bursts for as long as the children run: once the last burst is used up, 0.15–0.5 s of a
        // healthy server, then the next burst.
        let bursts = Task { [faultRng] in
            var rng = faultRng
            var injected = 0
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64.random(in: 150_000_000...500_000_000, using: &rng))
                while !Task.isCancelled, (try? await server.pendingFaultCount()) != 0 {
                    try? await Task.sleep(nanoseconds: 20_000_000)
                }
                let burst = Self.randomBurst(using: &rng)
                if (try? await server.addFault(
                    route: burst.route, kind: burst.kind, status: burst.status,
                    delaySeconds: burst.delay, count: burst.count)) != nil
                {
                    injected += burst.count
                }
            }
            return injected
        }

        var nextIndex = 1
        var killsDone = 0
        var runs = 0
        var deviceIds = Set<String>()
        var queuedAtStart: [Int] = []
        var drained = false
        while !drained {
            runs += 1
            try #require(runs <= kills + 3, "the child never finished")
            let log = logDirectory.appendingPathComponent("run-\(runs).log")
            var arguments = [server.baseURL.absoluteString, storeDirectory.path, "\(total)", "\(nextIndex)"]
            var target = total
            if killsDone < kills {
                // Kill after a random number of tracked events (spread so the kills cover the run), plus
                // 0–15 ms so the kill lands anywhere: mid-request, mid-persist, mid-backoff. The child holds
                // (stops tracking, keeps flushing) 20 events past the target, so a run meant to be killed
                // cannot drain first while a loaded machine delays this loop.
                let remaining = max(1, total - nextIndex + 1)
                let ahead = Int.random(
                    in: 1...max(1, min(remaining, 2 * remaining / (kills - killsDone + 1))), using: &rng)
                target = nextIndex + ahead - 1
                if nextIndex < total {
                    target = min(target, total - 1)
                    arguments.append("\(min(target + 20, total - 1))")
                }
            }
            let child = try LoggedChild(binary, arguments, log: log)
            defer { child.kill() }  // never leave a child behind when an expectation stops the test
            if killsDone < kills {
                let reached = await child.wait(timeout: 60) { lines in
                    lines.contains { $0 == "tracked \(target)" || $0 == "drained" }
                }
                try #require(reached, "run \(runs) never tracked \(target): \(child.output.suffix(500))")
                try await Task.sleep(nanoseconds: UInt64.random(in: 0...15_000_000, using: &rng))
                child.kill()
                #expect(await child.waitForExit(timeout: 10) != nil)
                killsDone += 1
            } else {
                let status = await child.waitForExit(timeout: 120)
                try #require(
                    status == 0, "final run ended with \(String(describing: status)): \(child.output.suffix(500))")
            }
            let lines = child.lines
            drained = lines.contains("drained")
            if let device = lines.first(where: { $0.hasPrefix("device ") }) {
                deviceIds.insert(String(device.dropFirst(7)))
            }
            if let queued = lines.first(where: { $0.hasPrefix("queued ") }), let n = Int(queued.dropFirst(7)) {
                queuedAtStart.append(n)
            }
            let tracked = lines.compactMap { $0.hasPrefix("tracked ") ? Int($0.dropFirst(8)) : nil }
            if let last = tracked.last { nextIndex = last + 1 }
        }
        bursts.cancel()
        let faultsInjected = await bursts.value
        _ = try? await server.send("DELETE", "/dev/faults")

        #expect(deviceIds.count == 1, "one install across all runs: \(deviceIds)")
        let deviceId = try #require(deviceIds.first)
        let stored = try ServerProbe.events(databasePath: databasePath, deviceId: deviceId).map(\.name)
        var counts: [String: Int] = [:]
        for name in stored { counts[name, default: 0] += 1 }
        let expected = (1...total).map { String(format: "evt-%04d", $0) }
        let lost = expected.filter { counts[$0] == nil }
        let unexpected = Set(counts.keys).subtracting(expected)
        let duplicated = counts.filter { $0.value > 1 }.sorted { $0.key < $1.key }
        let extraCopies = duplicated.reduce(0) { $0 + $1.value - 1 }
        let seconds = Date().timeIntervalSince(started)

        print(
            """
            EVENT-QUEUE DURABILITY seed=\(seed) events=\(total) runs=\(runs) kills=\(killsDone) \
            faults-injected=\(faultsInjected) stored=\(stored.count) lost=\(lost.count) \
            duplicated-events=\(duplicated.count) extra-copies=\(extraCopies) \
            queued-at-restart=\(queuedAtStart) seconds=\(String(format: "%.1f", seconds))
            """)
        if !duplicated.isEmpty {
            print("duplicates (at-least-once): " + duplicated.map { "\($0.key)×\($0.value)" }.joined(separator: " "))
        }
        #expect(lost.isEmpty, "lost: \(lost.prefix(20))")
        #expect(unexpected.isEmpty, "unexpected: \(unexpected.prefix(20))")
        #expect(killsDone == kills)
        #expect(stored.count == total + extraCopies)
        // Reached only when no `#require` stopped the test: on such a failure the logs stay for inspection.
        for directory in [storeDirectory, logDirectory] { try? FileManager.default.removeItem(at: directory) }
    }
}

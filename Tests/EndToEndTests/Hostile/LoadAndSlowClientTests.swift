import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server clock the test moves by hand (rate windows and click expiry without sleeping).
///
/// `@unchecked Sendable` is safe: `current` is only touched while `lock` is held.
final class HostileServerClock: ServerClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

@Suite("Load and slow clients", .tags(.load, .realTime), .skippable(.load, .realTime))
struct LoadAndSlowClientTests {
    static let isLong = ProcessInfo.processInfo.environment["OPTOLINK_LONG"] == "1"

    /// Serves `bytes` on a fresh connection; (status, seconds taken).
    static func timed(_ bytes: [UInt8], port: Int) -> (Int, TimeInterval) {
        let started = Date()
        do {
            let response = try RawHTTPConnection(port: port, timeout: 5).exchange(bytes)
            return (response.status, Date().timeIntervalSince(started))
        } catch {
            return (0, Date().timeIntervalSince(started))
        }
    }

    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func twoHundredIdleAndByteAtATimeConnectionsDoNotDelayANormalRequest() async throws {
        try await QuietMachine.shared.run {
            try await self.twoHundredIdleAndByteAtATimeConnectionsDoNotDelayANormalRequestAlone()
        }  // see QuietMachine
    }

    private func twoHundredIdleAndByteAtATimeConnectionsDoNotDelayANormalRequestAlone() async throws {
        // Real clock and the public server on purpose: this measures wall time end to end.
        let server = try OptoLinkServer(configuration: .init(host: "127.0.0.1", port: 0, trustForwardedFor: true))
        try server.start()
        defer { server.stop() }
        let port = server.port
        let idleCount = 100
        let tricklingCount = 100
        let rounds = Self.isLong ? 40 : 8

        let result = try await HostileThreads.run {
            () -> (held: Int, latencies: [TimeInterval], statuses: [Int], stillOpen: Int) in
            var idle: [RawHTTPConnection] = []
            var trickling: [RawHTTPConnection] = []
            // From 127.0.1.1–127.0.1.4, 50 each (under the per-address cap of 64): 200 other clients.
            for i in 0..<idleCount {
                idle.append(try RawHTTPConnection(port: port, timeout: 0.05, source: "127.0.1.\(i / 50 + 1)"))
            }
            for i in 0..<tricklingCount {
                trickling.append(try RawHTTPConnection(port: port, timeout: 0.05, source: "127.0.1.\(i / 50 + 3)"))
            }
            let partial =
                Array(
                    "POST /match HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nX-Slow: "
                        .utf8)
                + Array(repeating: UInt8(ascii: "z"), count: 4096)
            var sent = 0
            var latencies: [TimeInterval] = []
            var statuses: [Int] = []
            let probes: [[UInt8]] = [
                HostileRequests.request("GET", "/health"),
                HostileRequests.request(
                    "POST", "/match", headers: [("Content-Type", "application/json")],
                    body: Array(#"{"platform":"iOS"}"#.utf8)),
                HostileRequests.request("GET", "/demo/summer/data"),
            ]
            for round in 0..<rounds {
                // One more byte on each trickling connection, then normal requests, timed.
                for connection in trickling { connection.send([partial[sent % partial.count]]) }
                sent += 1
                for probe in probes {
                    let (status, seconds) = Self.timed(probe, port: port)
                    statuses.append(status)
                    latencies.append(seconds)
                }
                if round < rounds - 1 { Thread.sleep(forTimeInterval: 0.25) }
            }
            // Every held connection is still open (none was dropped to make room).
            let stillOpen = (idle + trickling).filter { $0.isOpenAndUnanswered() }.count
            return (idle.count + trickling.count, latencies, statuses, stillOpen)
        }
        let slowest = result.latencies.max() ?? .infinity
        print(
            "Slow clients: \(result.held) connections held (\(idleCount) idle, \(tricklingCount) byte-at-a-time), "
                + "\(result.latencies.count) normal requests, slowest \(String(format: "%.3f", slowest)) s")
        #expect(result.held == 200)
        #expect(result.stillOpen == 200)
        #expect(result.statuses.count == rounds * 3)
        #expect(result.statuses.allSatisfy { $0 == 200 }, "\(result.statuses)")
        #expect(slowest < 1, "slowest normal request took \(slowest) s")
    }

    /// How many `/match` calls each of the 200 addresses sends: 18 send more than 30 (31…47), one
    /// exactly 30, one 29, the rest 1 or 2, for 1 000 in all.
    static func plan() -> [Int] {
        var counts = [Int](repeating: 1, count: 200)
        for i in 0..<18 { counts[i] = 31 + (i % 5) * 4 }
        counts[18] = 30
        counts[19] = 29
        var index = 20
        while counts.reduce(0, +) < 1000 {
            counts[index] += 1
            index += 1
        }
        return counts
    }

    @Test func aThousandConcurrentMatchesFrom200AddressesAreLimitedExactlyAndMemoryReturnsAfterExpiry() async throws {
        try await QuietMachine.shared.run {
            try await self.aThousandConcurrentMatchesFrom200AddressesAreLimitedExactlyAndMemoryReturnsAfterExpiryAlone()
        }  // see QuietMachine
    }

    private func aThousandConcurrentMatchesFrom200AddressesAreLimitedExactlyAndMemoryReturnsAfterExpiryAlone()
        async throws
    {
        let clock = HostileServerClock()
        let server = try OptoLinkServer(
            configuration: .init(host: "127.0.0.1", port: 0, trustForwardedFor: true),
            clock: clock, limits: HTTPServer.Limits())
        try server.start()
        defer { server.stop() }
        let port = server.port
        let backend = server.backend
        let counts = Self.plan()
        #expect(counts.count == 200)
        #expect(counts.reduce(0, +) == 1000)
        @Sendable func address(_ i: Int) -> String { "10.77.\(i / 200).\(i % 200 + 1)" }

        let startRecords = backend.matches.snapshot.records.count
        let startBuckets = backend.matches.snapshot.buckets.count
        let startWindows = backend.rateLimiter.windowCount
        let rssStart = Self.residentBytes()

        // Clicks from every address (the /flash link: 1 h window), three each, with the fingerprint the
        // matches below send: each address then has something to match or to guard against.
        let clicksPerAddress = 3
        let clickStatuses = Recorder<Int>()
        await HostileThreads.pool(8, jobs: 200 * clicksPerAddress) { job in
            let body =
                #"{"orgKey":"demo","shortCode":"flash","platform":"iOS","osVersion":"17.4.1","#
                + #""deviceModel":"iPhone16,1","language":"en-US","timezone":"Europe/Berlin"}"#
            let request = Array(
                ("POST /dev/deferred/simulate HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                    + "X-Forwarded-For: \(address(job % 200))\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
                    .utf8)
            clickStatuses.record((try? RawHTTPConnection(port: port).exchange(request).status) ?? 0)
        }
        #expect(clickStatuses.all.count == 600 && clickStatuses.all.allSatisfy { $0 == 200 })
        let loadedRecords = backend.matches.snapshot.records.count
        #expect(loadedRecords == startRecords + 200 * clicksPerAddress)

        // 1 000 /match calls, interleaved across addresses in a seeded order, from 20 client threads.
        var jobs: [Int] = []
        for (i, count) in counts.enumerated() { jobs += Array(repeating: i, count: count) }
        var rng = SeededRandom(seed: 0x0DDBA11)
        jobs.shuffle(using: &rng)
        let frozenJobs = jobs
        let answers = Recorder<(address: Int, status: Int, retryAfter: String?, message: String)>()
        let started = Date()
        await HostileThreads.pool(20, jobs: frozenJobs.count) { job in
            let i = frozenJobs[job]
            let body =
                #"{"deviceId":"load-device-\#(i)-\#(job)","platform":"iOS","osVersion":"17.4.1","#
                + #""deviceModel":"iPhone16,1","language":"en-US","timezone":"Europe/Berlin"}"#
            let request = Array(
                ("POST /match HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Forwarded-For: \(address(i))\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                    .utf8)
            do {
                let response = try RawHTTPConnection(port: port).exchange(request)
                answers.record((i, response.status, response.header("Retry-After"), response.text))
            } catch {
                answers.record((i, 0, nil, "\(error)"))
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        let all = answers.all
        #expect(all.count == 1000)
        #expect(
            !all.contains { $0.status >= 500 || $0.status == 0 },
            "\(all.filter { $0.status >= 500 || $0.status == 0 }.prefix(3))")
        var mismatched: [String] = []
        for (i, count) in counts.enumerated() {
            let mine = all.filter { $0.address == i }
            let accepted = mine.filter { $0.status == 200 }.count
            let limited = mine.filter { $0.status == 429 }
            if accepted != min(count, 30) || limited.count != max(0, count - 30) {
                mismatched.append("\(address(i)) sent \(count): \(accepted) × 200, \(limited.count) × 429")
            }
            for answer in limited
            where answer.retryAfter.flatMap(Int.init) != 60 || !answer.message.contains("Retry after 60 second(s)") {
                mismatched.append("\(address(i)) 429 without Retry-After 60: \(answer)")
            }
        }
        #expect(mismatched.isEmpty, "\(mismatched.prefix(10))")
        #expect(all.filter { $0.status == 429 }.count == counts.map { max(0, $0 - 30) }.reduce(0, +))
        #expect(all.filter { $0.status == 429 }.count == 150)

        // The clicks expire (1 h window; matched ones 30 s after their match). The store drops them on its
        // next use after a minute has passed; the rate windows go the same way.
        let peakRecords = backend.matches.snapshot.records.count
        let peakWindows = backend.rateLimiter.windowCount
        let peakBytes = backend.matches.usage.bytes
        clock.advance(by: 3601)
        let after = try await HostileThreads.run {
            try RawHTTPConnection(port: port).exchange(
                Array(
                    ("POST /match HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                        + "X-Forwarded-For: 10.78.0.1\r\nContent-Length: 2\r\n\r\n{}")
                        .utf8))
        }
        #expect(after.status == 200)
        let endRecords = backend.matches.snapshot.records.count
        let endBuckets = backend.matches.snapshot.buckets.count
        let endWindows = backend.rateLimiter.windowCount
        let rssEnd = Self.residentBytes()
        print(
            "Load: 600 clicks + 1000 /match from 200 addresses on 20 threads in \(String(format: "%.2f", elapsed)) s; "
                + "\(all.filter { $0.status == 200 }.count) × 200, "
                + "\(all.filter { $0.status == 429 }.count) × 429, 0 × 5xx; "
                + "match store \(startRecords) → \(peakRecords) records "
                + "(\(peakBytes) bytes by the store's estimate) → \(endRecords) after expiry; "
                + "rate windows \(startWindows) → \(peakWindows) → \(endWindows); "
                + "RSS \(rssStart.map { "\($0 / 1024) KiB" } ?? "?") → "
                + "\(rssEnd.map { "\($0 / 1024) KiB" } ?? "?") (informational)"
        )
        #expect(peakRecords > startRecords)
        #expect(endRecords == startRecords)
        #expect(endBuckets == startBuckets)
        #expect(peakWindows >= 200)
        #expect(endWindows == startWindows + 1)  // only the address that just asked
    }
}

import Foundation
import OptoLink
import OptoLinkServer

/// Measure 8: another client's `/data` latency while a writer waits on a slow database, against the
/// same client's latency without it, in the same run.
enum SlowWriterBench {
    static let measure = "8. Server GET /data p99 while another client's write waits on the database"
    static let goal = "≤ 2× (p99)"

    static func run(requestsPerBlock: Int, blocks: Int) -> MeasureResult {
        func unavailable(_ reason: String) -> MeasureResult {
            MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: reason)], notes: [])
        }
        let path = NSTemporaryDirectory() + "optolink-bench-slow-writer-\(getpid()).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let server: OptoLinkServer
        let holder: DatabaseLockHolder
        do {
            server = try OptoLinkServer(
                configuration: .init(
                    host: "127.0.0.1", port: 0, databasePath: path, trustForwardedFor: true,
                    log: .discarding))
            try server.start()
            holder = try DatabaseLockHolder(path: path)
        } catch {
            return unavailable("server: \(error)")
        }
        defer { server.stop() }
        let port = server.port
        let key = "opl_sdk_demo_client_key_0000000001"
        let session = "{\"deviceId\":\"bench-slow-writer\"}"
        let event = "{\"deviceId\":\"bench-slow-writer\",\"eventName\":\"slow\"}"
        @Sendable func post(_ path: String, _ body: String, address: String) -> [UInt8] {
            Array(
                ("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Authorization: Bearer \(key)\r\nContent-Type: application/json\r\n"
                    + "X-Forwarded-For: \(address)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)").utf8)
        }
        guard FloodClient(port: port).exchange(post("/sdk/session", session, address: "10.80.0.1")) == 200 else {
            return unavailable("the writer's session was refused")
        }

        // The reader: one keep-alive connection, each request from its own address (the 500/min limit never triggers).
        let reader = FloodClient(port: port)
        var serial = 0
        func readBlock() -> (latencies: [Double], failures: Int) {
            var latencies: [Double] = []
            var failures = 0
            for _ in 0..<requestsPerBlock {
                serial += 1
                let request = Array(
                    ("GET /demo/summer/data HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "X-Forwarded-For: 10.81.\(serial / 250 % 250).\(serial % 250)\r\n\r\n").utf8)
                let started = Stopwatch.now()
                if reader.exchange(request) == 200 {
                    latencies.append(Stopwatch.now() - started)
                } else {
                    failures += 1
                }
            }
            return (latencies, failures)
        }
        _ = readBlock()  // warm-up: caches, connection

        // The slow writer: another connection holds the write lock 200 ms of every 250 ms, while a client
        // sends events in a loop, each waiting for the lock.
        let writing = BenchLocked(false)
        let writerStats = BenchLocked((answered: 0, statuses: [Int: Int]()))
        let writerDone = DispatchSemaphore(value: 0)
        let lockDone = DispatchSemaphore(value: 0)
        let stop = BenchLocked(false)
        Thread {
            defer { writerDone.signal() }
            let client = FloodClient(port: port)
            var n = 0
            while !stop.withLock({ $0 }) {
                guard writing.withLock({ $0 }) else {
                    usleep(1000)
                    continue
                }
                n += 1
                let status = client.exchange(post("/sdk/events", event, address: "10.80.1.\(n % 250)")) ?? 0
                writerStats.withLock {
                    $0.answered += 1
                    $0.statuses[status, default: 0] += 1
                }
            }
        }.start()
        let holderBox = HolderBox(holder)
        Thread {
            defer { lockDone.signal() }
            while !stop.withLock({ $0 }) {
                guard writing.withLock({ $0 }) else {
                    usleep(1000)
                    continue
                }
                try? holderBox.holder.hold()
                usleep(200_000)
                try? holderBox.holder.release()
                usleep(50_000)
            }
        }.start()

        // Blocks alternate: without the writer, with it.
        var calm: [Double] = []
        var slow: [Double] = []
        var failures = 0
        for _ in 0..<blocks {
            writing.withLock { $0 = false }
            usleep(300_000)  // the last held lock is given back
            let a = readBlock()
            calm += a.latencies
            writing.withLock { $0 = true }
            usleep(100_000)
            let b = readBlock()
            slow += b.latencies
            failures += a.failures + b.failures
        }
        writing.withLock { $0 = false }
        stop.withLock { $0 = true }
        _ = lockDone.wait(timeout: .now() + 5)
        _ = writerDone.wait(timeout: .now() + 10)

        guard !calm.isEmpty, !slow.isEmpty else { return unavailable("no /data answered") }
        let base = Stats(calm)
        let ours = Stats(slow)
        let ratio = ours.p99 / max(base.p99, 1e-9)
        let stats = writerStats.withLock { $0 }
        let row = BenchRow(
            measure: measure,
            ours: "p50 \(Format.duration(ours.median)), p99 \(Format.duration(ours.p99)) (writer waiting)",
            baseline: "p50 \(Format.duration(base.median)), p99 \(Format.duration(base.p99)) (no writer)",
            ratio: Format.ratio(ratio), goal: goal, verdict: ratio <= 2 && failures == 0 ? .met : .missed)
        let notes = [
            "Slow writer: the embedded server on a database file; a second SQLite connection (`DatabaseLockHolder`) "
                + "holds its write lock (`BEGIN EXCLUSIVE`) 200 ms of every 250 ms while a client sends "
                + "`POST /sdk/events` in a loop, "
                + "each waiting for the lock on a storage worker (\(stats.answered) answered: "
                + stats.statuses.sorted { $0.key < $1.key }.map { "\($0.value) × \($0.key)" }.joined(separator: ", ")
                + "). "
                + "Another client reads `GET /demo/summer/data` on one keep-alive connection, one request "
                + "at a time, its own "
                + "`X-Forwarded-For` each; \(blocks) blocks of \(requestsPerBlock) requests without the "
                + "writer alternate with "
                + "\(blocks) with it (\(calm.count) and \(slow.count) answered, \(failures) failures). "
                + "Before the writes were offloaded, the writer's "
                + "handler held its event loop for the whole wait, and every connection on that loop with it."
        ]
        return MeasureResult(rows: [row], notes: notes)
    }
}

/// Hands the lock holder to the thread that drives it.
///
/// `@unchecked Sendable` is safe: only that thread uses the holder after it is handed over.
private final class HolderBox: @unchecked Sendable {
    let holder: DatabaseLockHolder
    init(_ holder: DatabaseLockHolder) { self.holder = holder }
}

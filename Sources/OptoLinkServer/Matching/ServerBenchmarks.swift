import Foundation

/// Public entry points for `optolink-bench`, which runs in release mode where `@testable import` is not
/// available. They drive internal parts of the server (here the match engine) on synthetic data and
/// report only timings, so none of the server's internal types become public.
///
/// ```swift
/// let result = ServerBenchmarks.matchEngineThroughput(addresses: 10_000, candidatesPerAddress: 50, matches: 200_000)
/// print(result.matchesPerSecond)
/// ```
public enum ServerBenchmarks {
    /// What ``matchEngineThroughput(addresses:candidatesPerAddress:matches:seed:)`` measured.
    public struct MatchEngineResult: Sendable, Hashable {
        /// Click records stored before matching (`addresses × candidatesPerAddress`, after the per-address caps).
        public var storedRecords: Int
        /// Seconds spent storing them.
        public var fillSeconds: Double
        /// Match requests evaluated.
        public var matches: Int
        /// Seconds spent evaluating them (wall clock, one thread).
        public var matchSeconds: Double
        /// How many of the requests matched (any method).
        public var matched: Int
        /// How many requests were stopped by the shared-network guard.
        public var guardFired: Int

        /// `matches / matchSeconds`.
        public var matchesPerSecond: Double { matchSeconds > 0 ? Double(matches) / matchSeconds : 0 }

        /// The same requests answered by the SQLite baseline (an indexed query per request over the same
        /// clicks, then the same scoring and chain): seconds spent, one thread.
        public var baselineSeconds: Double
        /// How many of them the baseline matched.
        public var baselineMatched: Int
        /// How many the baseline stopped with the shared-network guard.
        public var baselineGuardFired: Int
        /// Requests on which the engine and the baseline agreed (matched or not, guard or not).
        public var agreed: Int
        /// Seconds the baseline spent storing the clicks (one transaction).
        public var baselineFillSeconds: Double

        /// `matches / baselineSeconds`.
        public var baselineMatchesPerSecond: Double { baselineSeconds > 0 ? Double(matches) / baselineSeconds : 0 }
        /// The engine's rate over the baseline's.
        public var ratio: Double { baselineMatchesPerSecond > 0 ? matchesPerSecond / baselineMatchesPerSecond : 0 }
    }

    /// Matches per second of the in-memory match engine, the way `POST /match` calls it (through the
    /// locked store, one request at a time), with no HTTP, JSON, rate limiting or SQLite around it; and
    /// of the same requests answered by an indexed SQLite query over the same clicks (the baseline).
    ///
    /// Fills a fresh store with `addresses × candidatesPerAddress` browser clicks (distinct addresses,
    /// each with its own bucket; clicks made over the last 12 hours with fingerprints drawn from small
    /// pools of platforms, OS versions, models, languages and time zones, so scores spread across the
    /// threshold), then evaluates `matches` fingerprint-only requests (no clipboard token: the full
    /// P2 → P2.5 → P3 chain, the expensive path) from addresses picked at random among the stored ones.
    /// The address hash (SHA-256) is computed beforehand, as the route does before calling the engine.
    ///
    /// - Parameters:
    ///   - addresses: distinct client addresses with clicks (e.g. 10 000).
    ///   - candidatesPerAddress: clicks per address (e.g. 50, the per-address fingerprint cap).
    ///   - matches: match requests to evaluate.
    ///   - seed: seed of the deterministic pseudo-random generator (same seed, same workload).
    /// - Returns: counts and timings.
    public static func matchEngineThroughput(
        addresses: Int, candidatesPerAddress: Int, matches: Int,
        seed: UInt64 = 0x6f70_746f
    ) -> MatchEngineResult {
        var random = SplitMix64(seed: seed)
        let platforms = ["iOS", "iOS", "iOS", "Android"]
        let osVersions = ["17.4.1", "17.4", "17.5", "16.7.2", "18.0", "14"]
        let models = ["iPhone16,1", "iPhone15,2", "iPhone14,5", "Pixel 8"]
        let languages = ["en-US", "en-GB", "de-DE", "fr-FR"]
        let timezones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo"]
        func pick(_ pool: [String]) -> String? {
            let index = Int(random.next() % UInt64(pool.count + 1))
            return index == pool.count ? nil : pool[index]  // sometimes unknown, as from a browser
        }
        func fingerprint() -> ClickFingerprint {
            ClickFingerprint(
                platform: pick(platforms), osVersion: pick(osVersions), deviceModel: pick(models),
                language: pick(languages), timezone: pick(timezones))
        }

        let now = Date()
        let key = Digest(hmacKey: RandomToken.randomBytes(32))  // as a database's secret keys Backend.ipHash
        let hashes = (0..<max(1, addresses)).map { key.hmacHex("10.\($0 >> 16 & 255).\($0 >> 8 & 255).\($0 & 255)") }
        let store = MatchStore(limits: .init(maxRecordsPerAddress: max(1, candidatesPerAddress), memoryBudget: .max))
        let fillStart = DispatchTime.now().uptimeNanoseconds
        var serial = 0
        var clicks: [SQLiteMatchBaseline.Click] = []
        for hash in hashes {
            for _ in 0..<max(0, candidatesPerAddress) {
                serial += 1
                let age = Double(random.next() % 43_200)
                let recordedAt = now.addingTimeInterval(-age)
                let record = MatchRecord(
                    token: "opl_bench" + String(serial, radix: 36), orgId: 1, linkId: "lnk_bench", shortCode: "summer",
                    path: "/promo/summer", params: ["campaign": .string("summer")], ipHash: hash,
                    fingerprint: fingerprint(), recordedAt: recordedAt,
                    expiresAt: recordedAt.addingTimeInterval(48 * 3600))
                store.insert(record, now: now)
                clicks.append(
                    .init(
                        token: record.token, ipHash: hash, fingerprint: record.fingerprint, recordedAt: recordedAt,
                        expiresAt: record.expiresAt))
            }
        }
        let fillSeconds = Double(DispatchTime.now().uptimeNanoseconds - fillStart) / 1e9
        let stored = store.snapshot.records.count
        // The baseline holds what the store holds (the per-address caps dropped the rest from the lists).
        let kept = Set(store.snapshot.buckets.values.flatMap(\.fingerprint))
        clicks.removeAll { !kept.contains($0.token) }

        let requests = (0..<max(0, matches)).map { _ in
            (
                hashes[Int(random.next() % UInt64(hashes.count))],
                MatchEngine.Input(clipboardToken: nil, installReferrer: nil, deviceId: nil, fingerprint: fingerprint())
            )
        }
        // The engine and the baseline answer the requests in alternating blocks (which goes first alternates
        // too), so a change in the machine's load hits both alike and the ratio holds.
        var matched = 0
        var guarded = 0
        var baselineMatched = 0
        var baselineGuarded = 0
        var agreed = 0
        var matchNanoseconds: UInt64 = 0
        var baselineNanoseconds: UInt64 = 0
        var baselineFillSeconds = 0.0
        let baseline = try? SQLiteMatchBaseline()
        if let baseline {
            let baselineFillStart = DispatchTime.now().uptimeNanoseconds
            try? baseline.insert(clicks)
            baselineFillSeconds = Double(DispatchTime.now().uptimeNanoseconds - baselineFillStart) / 1e9
        }
        let blockSize = 2_000
        var blockStart = 0
        var block = 0
        while blockStart < requests.count {
            let range = blockStart..<min(requests.count, blockStart + blockSize)
            var outcomes: [(matched: Bool, guardFired: Bool)] = []
            outcomes.reserveCapacity(range.count)
            func runEngine() {
                let start = DispatchTime.now().uptimeNanoseconds
                for (hash, input) in requests[range] {
                    let decision = store.match(input, ipHash: hash, now: now)
                    if decision.result != nil { matched += 1 }
                    if decision.guardFired { guarded += 1 }
                    outcomes.append((decision.result != nil, decision.guardFired))
                }
                matchNanoseconds += DispatchTime.now().uptimeNanoseconds - start
            }
            var answers: [(matched: Bool, guardFired: Bool)] = []
            answers.reserveCapacity(range.count)
            func runBaseline() {
                guard let baseline else { return }
                let start = DispatchTime.now().uptimeNanoseconds
                for (hash, input) in requests[range] {
                    let answer =
                        (try? baseline.match(input.fingerprint, ipHash: hash, now: now)) ?? (
                            token: nil, guardFired: false
                        )
                    if answer.token != nil { baselineMatched += 1 }
                    if answer.guardFired { baselineGuarded += 1 }
                    answers.append((answer.token != nil, answer.guardFired))
                }
                baselineNanoseconds += DispatchTime.now().uptimeNanoseconds - start
            }
            if block % 2 == 0 {
                runEngine()
                runBaseline()
            } else {
                runBaseline()
                runEngine()
            }
            for (a, b) in zip(outcomes, answers) where a == b { agreed += 1 }
            blockStart = range.upperBound
            block += 1
        }
        let matchSeconds = Double(matchNanoseconds) / 1e9
        let baselineSeconds = Double(baselineNanoseconds) / 1e9
        return MatchEngineResult(
            storedRecords: stored, fillSeconds: fillSeconds, matches: requests.count,
            matchSeconds: matchSeconds, matched: matched, guardFired: guarded,
            baselineSeconds: baselineSeconds, baselineMatched: baselineMatched, baselineGuardFired: baselineGuarded,
            agreed: agreed, baselineFillSeconds: baselineFillSeconds)
    }
}

extension ServerBenchmarks {
    /// A click store filled by ``fillClickStore(clicks:addresses:)``, kept alive while the caller
    /// measures the process.
    public final class ClickStoreFill: Sendable {
        /// Click records stored.
        public let clicks: Int
        /// The bytes they take by the store's own estimate (what its memory budget counts).
        public let estimatedBytes: Int
        /// Seconds the fill took.
        public let seconds: Double
        private let backend: Backend

        fileprivate init(clicks: Int, estimatedBytes: Int, seconds: Double, backend: Backend) {
            self.clicks = clicks
            self.estimatedBytes = estimatedBytes
            self.seconds = seconds
            self.backend = backend
        }
    }

    /// Stores `clicks` browser clicks the way the redirect page records them (`Backend.recordClick`: an
    /// iPhone User-Agent and `Accept-Language: en-US,en;q=0.9`, the demo `summer` link with its template's
    /// params) from `addresses` distinct addresses, in a store with no memory budget (every click stays).
    ///
    /// - Throws: ``OptoLinkServerError`` when the demo seed cannot be stored.
    public static func fillClickStore(clicks: Int, addresses: Int) throws -> ClickStoreFill {
        let store = try Store(path: nil, log: .discarding)
        let now = Date()
        try store.apply(.demo, now: now)
        let backend = Backend(
            store: store, clock: SystemServerClock(),
            options: .init(trustForwardedFor: true, matchLimits: .init(maxRecordsPerAddress: .max, memoryBudget: .max)))
        guard let org = try store.org(key: "demo"), let link = try store.link(orgId: org.id, shortCode: "summer") else {
            throw OptoLinkServerError.startup("the demo seed has no summer link")
        }
        let (platform, osVersion) = UserAgentParser.parse(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15")
        let fingerprint = ClickFingerprint(
            platform: platform, osVersion: osVersion, deviceModel: nil,
            language: UserAgentParser.language("en-US,en;q=0.9"), timezone: nil)
        let started = DispatchTime.now().uptimeNanoseconds
        for n in 0..<max(0, clicks) {
            let a = n % max(1, addresses)
            _ = try backend.recordClick(
                link: link, ip: "10.\(a >> 16 & 255).\(a >> 8 & 255).\(a & 255)", fingerprint: fingerprint, at: now)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let usage = backend.matches.usage
        return ClickStoreFill(clicks: usage.records, estimatedBytes: usage.bytes, seconds: seconds, backend: backend)
    }

    /// The click records a running server holds, the bytes they take by the store's estimate, and the
    /// rows of its SQLite `clicks` table.
    public static func clickStoreUsage(of server: OptoLinkServer) -> (records: Int, estimatedBytes: Int, rows: Int) {
        let usage = server.backend.matches.usage
        return (usage.records, usage.bytes, (try? server.backend.store.clickRowCount()) ?? -1)
    }

    /// The store's estimate of one browser click with short fingerprint strings (the budget's unit).
    public static var estimatedBytesPerClick: Int { MatchState.recordOverhead }
}

extension ServerBenchmarks {
    /// A second SQLite connection to a server's database file that takes and gives back its write lock
    /// (`BEGIN EXCLUSIVE`), the way another process writing to the same file would: while it holds the
    /// lock, the server's writes wait on SQLite's busy timeout (measure 8's slow writer).
    public final class DatabaseLockHolder {
        private let database: SQLiteDatabase
        private var holding = false

        /// Opens `path` (the server's `databasePath`).
        ///
        /// - Throws: ``OptoLinkServerError`` when the file cannot be opened.
        public init(path: String) throws {
            database = try SQLiteDatabase(path: path)
        }

        /// Takes the write lock (waiting for it up to the busy timeout).
        public func hold() throws {
            guard !holding else { return }
            try database.execute("BEGIN EXCLUSIVE;")
            holding = true
        }

        /// Gives the write lock back.
        public func release() throws {
            guard holding else { return }
            holding = false
            try database.execute("COMMIT;")
        }

        deinit { try? release() }
    }
}

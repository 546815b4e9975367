import Foundation
import OptoLinkServer

/// Measure 5's workload: the server's match engine driven in process on synthetic clicks (the engine and
/// what it needs are `package` in OptoLinkServer, so none of it is public), against the same requests
/// answered by ``SQLiteMatchBaseline``.
///
/// ```swift
/// let result = MatchEngineThroughput.run(addresses: 10_000, candidatesPerAddress: 50, matches: 200_000)
/// print(result.matchesPerSecond)
/// ```
enum MatchEngineThroughput {
    /// What ``run(addresses:candidatesPerAddress:matches:seed:)`` measured.
    struct Result: Sendable, Hashable {
        /// Click records stored before matching (`addresses × candidatesPerAddress`, after the per-address caps).
        var storedRecords: Int
        /// Seconds spent storing them.
        var fillSeconds: Double
        /// Match requests evaluated.
        var matches: Int
        /// Seconds spent evaluating them (wall clock, one thread).
        var matchSeconds: Double
        /// How many of the requests matched (any method).
        var matched: Int
        /// How many requests were stopped by the shared-network guard.
        var guardFired: Int

        /// `matches / matchSeconds`.
        var matchesPerSecond: Double { matchSeconds > 0 ? Double(matches) / matchSeconds : 0 }

        /// The same requests answered by the SQLite baseline (an indexed query per request over the same
        /// clicks, then the same scoring and chain): seconds spent, one thread.
        var baselineSeconds: Double
        /// How many of them the baseline matched.
        var baselineMatched: Int
        /// How many the baseline stopped with the shared-network guard.
        var baselineGuardFired: Int
        /// Requests on which the engine and the baseline agreed (matched or not, guard or not).
        var agreed: Int
        /// Seconds the baseline spent storing the clicks (one transaction).
        var baselineFillSeconds: Double

        /// `matches / baselineSeconds`.
        var baselineMatchesPerSecond: Double { baselineSeconds > 0 ? Double(matches) / baselineSeconds : 0 }
        /// The engine's rate over the baseline's.
        var ratio: Double { baselineMatchesPerSecond > 0 ? matchesPerSecond / baselineMatchesPerSecond : 0 }
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
    static func run(
        addresses: Int, candidatesPerAddress: Int, matches: Int,
        seed: UInt64 = 0x6f70_746f
    ) -> Result {
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
        let stored = store.usage.records
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
        return Result(
            storedRecords: stored, fillSeconds: fillSeconds, matches: requests.count,
            matchSeconds: matchSeconds, matched: matched, guardFired: guarded,
            baselineSeconds: baselineSeconds, baselineMatched: baselineMatched, baselineGuardFired: baselineGuarded,
            agreed: agreed, baselineFillSeconds: baselineFillSeconds)
    }
}

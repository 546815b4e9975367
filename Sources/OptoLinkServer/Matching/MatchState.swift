import Foundation

/// The in-memory click records: by token (P1 / P1.5), and per hashed IP a fingerprint list capped
/// at 50 (P2 / P2.5) and a fuzzy list capped at 20 (P3). When a list is full the record with the
/// oldest `recordedAt` leaves that list. A token stays valid until its record expires, whether or
/// not it is still in a per-IP list.
struct MatchState: Sendable {
    static let fingerprintCap = 50
    static let fuzzyCap = 20
    /// How long a matched record lives on (SDK retry tolerance).
    static let grace: TimeInterval = 30

    struct Bucket: Sendable {
        var fingerprint: [String] = []
        var fuzzy: [String] = []
    }

    private(set) var records: [String: MatchRecord] = [:]
    private(set) var buckets: [String: Bucket] = [:]
    private var insertsSinceSweep = 0
    private var lastSweep: Date?
    /// Expired records are dropped at least this often (seconds of clock time) while the store is used,
    /// so memory returns to its resting level once clicks expire, not only after 1 024 more inserts.
    static let sweepInterval: TimeInterval = 60

    /// Sweeps when `sweepInterval` has passed since the last sweep.
    mutating func sweepIfDue(now: Date) {
        guard let last = lastSweep else {
            lastSweep = now
            return
        }
        if now.timeIntervalSince(last) >= MatchState.sweepInterval || now < last { sweep(now: now) }
    }

    /// Adds a record, evicting the oldest from a full per-IP list.
    mutating func insert(_ record: MatchRecord, now: Date) {
        insertsSinceSweep += 1
        if insertsSinceSweep >= 1024 { sweep(now: now) }
        purge(ipHash: record.ipHash, now: now)
        records[record.token] = record
        var bucket = buckets[record.ipHash] ?? Bucket()
        bucket.fingerprint.append(record.token)
        bucket.fuzzy.append(record.token)
        evictOldest(&bucket.fingerprint, cap: MatchState.fingerprintCap)
        evictOldest(&bucket.fuzzy, cap: MatchState.fuzzyCap)
        buckets[record.ipHash] = bucket
    }

    private func evictOldest(_ tokens: inout [String], cap: Int) {
        while tokens.count > cap {
            let oldest = tokens.indices.min { (records[tokens[$0]]?.recordedAt ?? .distantPast) < (records[tokens[$1]]?.recordedAt ?? .distantPast) }!
            tokens.remove(at: oldest)
        }
    }

    /// A live record by token.
    func record(token: String, now: Date) -> MatchRecord? {
        guard let r = records[token], r.expiresAt > now else { return nil }
        return r
    }

    /// Live records in an IP's fingerprint list.
    func fingerprintCandidates(ipHash: String, now: Date) -> [MatchRecord] {
        (buckets[ipHash]?.fingerprint ?? []).compactMap { record(token: $0, now: now) }
    }

    /// Live records in an IP's fuzzy list.
    func fuzzyCandidates(ipHash: String, now: Date) -> [MatchRecord] {
        (buckets[ipHash]?.fuzzy ?? []).compactMap { record(token: $0, now: now) }
    }

    /// Marks a record matched: it lives on for 30 s more at most (a second match does not extend it).
    mutating func markMatched(token: String, now: Date) {
        guard var r = records[token], r.matchedAt == nil else { return }
        r.matchedAt = now
        r.expiresAt = min(r.expiresAt, now.addingTimeInterval(MatchState.grace))
        records[token] = r
    }

    /// Drops expired records from one IP's lists.
    mutating func purge(ipHash: String, now: Date) {
        guard var bucket = buckets[ipHash] else { return }
        let current = records
        func alive(_ token: String) -> Bool { (current[token]?.expiresAt ?? .distantPast) > now }
        for token in bucket.fingerprint + bucket.fuzzy where !alive(token) { records[token] = nil }
        bucket.fingerprint.removeAll { !alive($0) }
        bucket.fuzzy.removeAll { !alive($0) }
        buckets[ipHash] = bucket.fingerprint.isEmpty && bucket.fuzzy.isEmpty ? nil : bucket
    }

    /// Drops every expired record.
    mutating func sweep(now: Date) {
        insertsSinceSweep = 0
        lastSweep = now
        records = records.filter { $0.value.expiresAt > now }
        for (ip, bucket) in buckets {
            let f = bucket.fingerprint.filter { records[$0] != nil }
            let z = bucket.fuzzy.filter { records[$0] != nil }
            buckets[ip] = f.isEmpty && z.isEmpty ? nil : Bucket(fingerprint: f, fuzzy: z)
        }
    }
}

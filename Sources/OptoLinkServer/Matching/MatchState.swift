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
        /// No record in the lists expires before this (a lower bound: it may be earlier than the true
        /// minimum, never later), so `purge` can skip a bucket in O(1) when nothing can have expired.
        var earliestExpiry: Date = .distantFuture
        /// The records of `fingerprint`, in order: a copy kept in step with `records` (by `resync` and
        /// `markMatched`) so a match reads its candidates from one array instead of 50 hashed lookups
        /// in a dictionary of every click (found by optolink-bench, measure 5).
        var fingerprintRecords: [MatchRecord] = []
    }

    private(set) var records: [String: MatchRecord] = [:]
    private(set) var buckets: [AddressKey: Bucket] = [:]
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
        // A sweep visits every record: run it after as many inserts as there are records (at least
        // 1 024), so its cost stays O(1) per insert however many clicks are stored.
        if insertsSinceSweep >= max(1024, records.count) { sweep(now: now) }
        purge(ipHash: record.ipHash, now: now)
        let replaced = records.updateValue(record, forKey: record.token)
        var bucket = buckets[AddressKey(record.ipHash)] ?? Bucket()
        bucket.earliestExpiry = min(bucket.earliestExpiry, record.expiresAt)
        bucket.fingerprint.append(record.token)
        bucket.fuzzy.append(record.token)
        evictOldest(&bucket.fingerprint, cap: MatchState.fingerprintCap)
        evictOldest(&bucket.fuzzy, cap: MatchState.fuzzyCap)
        buckets[AddressKey(record.ipHash)] = bucket
        resync(ipHash: record.ipHash)
        if let replaced, replaced.ipHash != record.ipHash { resync(ipHash: replaced.ipHash) }   // a reused token
    }

    /// Rebuilds a bucket's `fingerprintRecords` from `records`.
    private mutating func resync(ipHash: String) {
        guard var bucket = buckets[AddressKey(ipHash)] else { return }
        buckets[AddressKey(ipHash)] = nil   // keep the arrays uniquely referenced while they change
        bucket.fingerprintRecords = bucket.fingerprint.compactMap { records[$0] }
        buckets[AddressKey(ipHash)] = bucket
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
        guard let bucket = buckets[AddressKey(ipHash)] else { return [] }
        if now < bucket.earliestExpiry { return bucket.fingerprintRecords }   // nothing expired: share the array, no copies
        return bucket.fingerprintRecords.filter { $0.expiresAt > now }
    }

    /// Calls `body` with the live records of an IP's fingerprint list, borrowed (no copy, no extra
    /// reference). Call after `purge(ipHash:now:)` for the common case of no expired record.
    func withFingerprintCandidates(ipHash: String, now: Date, _ body: (UnsafeBufferPointer<MatchRecord>) -> Void) {
        guard let bucket = buckets[AddressKey(ipHash)] else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        if now < bucket.earliestExpiry { return bucket.fingerprintRecords.withUnsafeBufferPointer(body) }
        bucket.fingerprintRecords.filter { $0.expiresAt > now }.withUnsafeBufferPointer(body)
    }

    /// The record at `index` of `fingerprintCandidates(ipHash:now:)` (valid after a purge, when the
    /// candidates are the bucket's whole list).
    func fingerprintRecord(ipHash: String, at index: Int) -> MatchRecord? {
        guard let records = buckets[AddressKey(ipHash)]?.fingerprintRecords, records.indices.contains(index) else { return nil }
        return records[index]
    }

    /// The newest live record in an IP's fuzzy list (the first of equally new ones), copied once.
    func newestFuzzyCandidate(ipHash: String, now: Date) -> MatchRecord? {
        guard let bucket = buckets[AddressKey(ipHash)] else { return nil }
        var newestToken: String?
        var newestAt = Date.distantPast
        for token in bucket.fuzzy {
            guard let r = records[token], r.expiresAt > now else { continue }
            if newestToken == nil || r.recordedAt > newestAt { newestToken = token; newestAt = r.recordedAt }
        }
        return newestToken.flatMap { records[$0] }
    }

    /// Live records in an IP's fuzzy list.
    func fuzzyCandidates(ipHash: String, now: Date) -> [MatchRecord] {
        (buckets[AddressKey(ipHash)]?.fuzzy ?? []).compactMap { record(token: $0, now: now) }
    }

    /// Marks a record matched: it lives on for 30 s more at most (a second match does not extend it).
    mutating func markMatched(token: String, now: Date) {
        guard var r = records[token], r.matchedAt == nil else { return }
        r.matchedAt = now
        r.expiresAt = min(r.expiresAt, now.addingTimeInterval(MatchState.grace))
        records[token] = r
        if var bucket = buckets[AddressKey(r.ipHash)] {
            buckets[AddressKey(r.ipHash)] = nil   // keep the arrays uniquely referenced while they change
            bucket.earliestExpiry = min(bucket.earliestExpiry, r.expiresAt)
            for index in bucket.fingerprintRecords.indices where bucket.fingerprintRecords[index].token == token {
                bucket.fingerprintRecords[index] = r
            }
            buckets[AddressKey(r.ipHash)] = bucket
        }
    }

    /// Drops expired records from one IP's lists.
    mutating func purge(ipHash: String, now: Date) {
        guard var bucket = buckets[AddressKey(ipHash)] else { return }
        // Fast path (every match calls this): nothing in the bucket can have expired yet.
        if now < bucket.earliestExpiry, !(bucket.fingerprint.isEmpty && bucket.fuzzy.isEmpty) { return }
        func alive(_ token: String) -> Bool { (records[token]?.expiresAt ?? .distantPast) > now }
        // Drop the expired records first (a dead token stays dead once its record is gone), without
        // copying the whole records dictionary.
        let dead = bucket.fingerprint.filter { !alive($0) } + bucket.fuzzy.filter { !alive($0) }
        for token in dead { records[token] = nil }
        bucket.fingerprint.removeAll { !alive($0) }
        bucket.fuzzy.removeAll { !alive($0) }
        bucket.earliestExpiry = earliestExpiry(of: bucket)
        buckets[AddressKey(ipHash)] = bucket.fingerprint.isEmpty && bucket.fuzzy.isEmpty ? nil : bucket
        resync(ipHash: ipHash)
    }

    /// The earliest expiry of the records in a bucket's lists.
    private func earliestExpiry(of bucket: Bucket) -> Date {
        var earliest = Date.distantFuture
        for token in bucket.fingerprint + bucket.fuzzy {
            if let expiry = records[token]?.expiresAt, expiry < earliest { earliest = expiry }
        }
        return earliest
    }

    /// Drops every expired record.
    mutating func sweep(now: Date) {
        insertsSinceSweep = 0
        lastSweep = now
        records = records.filter { $0.value.expiresAt > now }
        for (ip, bucket) in buckets {
            let f = bucket.fingerprint.filter { records[$0] != nil }
            let z = bucket.fuzzy.filter { records[$0] != nil }
            if f.count == bucket.fingerprint.count, z.count == bucket.fuzzy.count { continue }   // nothing expired here
            var kept = Bucket(fingerprint: f, fuzzy: z)
            kept.earliestExpiry = earliestExpiry(of: kept)
            kept.fingerprintRecords = f.compactMap { records[$0] }
            buckets[ip] = f.isEmpty && z.isEmpty ? nil : kept
        }
    }
}

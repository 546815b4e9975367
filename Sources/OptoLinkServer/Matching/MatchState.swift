import Foundation

/// The in-memory click records: by token (P1 / P1.5), and per hashed IP a fingerprint list capped
/// at 50 (P2 / P2.5) and a fuzzy list capped at 20 (P3). When a list is full the record with the
/// oldest `recordedAt` leaves that list. A token stays valid until its record expires, whether or
/// not it is still in a per-IP list, unless the store has to make room:
///
/// - an address holds at most ``Limits/maxRecordsPerAddress`` records: one more drops its oldest;
/// - the whole store holds at most ``Limits/memoryBudget`` bytes (by ``estimatedBytes(of:)`` for each record
///   and ``estimatedBytes(ofAddress:)`` for each address): past it the oldest records go first, whichever
///   address they came from;
/// - ``removeRecords(linkId:)`` drops a deleted link's records at once.
///
/// Records of one link share one ``LinkSnapshot``, and records of one address share its hash string.
package struct MatchState: Sendable {
    /// The most records an address's fingerprint list (P2 / P2.5's candidates) holds.
    package static let fingerprintCap = 50
    /// The most records an address's fuzzy list (P3's candidates) holds.
    package static let fuzzyCap = 20
    /// How long a matched record lives on (SDK retry tolerance).
    static let grace: TimeInterval = 30

    /// How much the store may hold.
    package struct Limits: Sendable, Hashable {
        /// Records one address may hold (its oldest goes when one more comes). Default 1 000: two minutes
        /// of redirects at the resolve limit of 500/min, twenty times the fingerprint list.
        var maxRecordsPerAddress: Int
        /// Bytes all records and their addresses may take, by the store's estimate; past it the oldest go
        /// first. Default 128 MiB: about 113 000 browser clicks each from an address of its own (~1 185 bytes
        /// a click), about 213 000 when each address clicked a hundred times (~629 bytes).
        var memoryBudget: Int

        /// Limits with the defaults above unless given.
        package init(maxRecordsPerAddress: Int = 1_000, memoryBudget: Int = 128 << 20) {
            self.maxRecordsPerAddress = maxRecordsPerAddress
            self.memoryBudget = memoryBudget
        }
    }

    /// An address's candidate lists.
    package struct Bucket: Sendable {
        /// The tokens of P2 / P2.5's candidates.
        package var fingerprint: [String] = []
        var fuzzy: [String] = []
        /// No record in the lists expires before this (a lower bound: it may be earlier than the true
        /// minimum, never later), so `purge` can skip a bucket in O(1) when nothing can have expired.
        var earliestExpiry: Date = .distantFuture
        /// The records of `fingerprint`, in order: a copy kept in step with `records` (by `resync` and
        /// `markMatched`) so a match reads its candidates from one array instead of 50 hashed lookups
        /// in a dictionary of every click.
        var fingerprintRecords: [MatchRecord] = []
    }

    /// Tokens in the order they were stored; tokens whose record is gone are skipped when met and
    /// dropped by sweeps.
    private struct TokenQueue: Sendable {
        private var tokens: [String] = []
        private var head = 0

        mutating func append(_ token: String) { tokens.append(token) }

        /// The oldest token, removed.
        mutating func popFirst() -> String? {
            guard head < tokens.count else { return nil }
            defer {
                head += 1
                if head > 4096, head * 2 > tokens.count {
                    tokens.removeFirst(head)
                    head = 0
                }
            }
            return tokens[head]
        }

        mutating func keep(where isKept: (String) -> Bool) {
            tokens = tokens[head...].filter(isKept)
            head = 0
        }
    }

    let limits: Limits
    private(set) var records: [String: MatchRecord] = [:]
    /// Each address's candidate lists.
    package private(set) var buckets: [AddressKey: Bucket] = [:]
    /// Every record of an address still stored (in its lists or not), oldest first: the per-address cap.
    /// An address has a bucket exactly while it has records here. Kept beside the buckets, not in them,
    /// so the buckets a match reads stay as small to copy as they were.
    private(set) var held: [AddressKey: [String]] = [:]
    /// Bytes the records and their addresses take, by `estimatedBytes(of:)` and `estimatedBytes(ofAddress:)`.
    private(set) var storedBytes = 0
    private var order = TokenQueue()
    /// The current snapshot of each link with stored records, and the tokens stored for it (some gone).
    private var links: [String: (snapshot: LinkSnapshot, tokens: [String])] = [:]
    private var insertsSinceSweep = 0
    private var lastSweep: Date?
    /// Expired records are dropped at least this often (seconds of clock time) while the store is used,
    /// so memory returns to its resting level once clicks expire, not only after 1 024 more inserts.
    static let sweepInterval: TimeInterval = 60

    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// What one record costs the store, for the budget: a fixed part (the record in the token index, its
    /// token, its place in the store's order, its address's fuzzy and held lists and its link's tokens) and
    /// the fingerprint strings too long to live inside a String (over 15 bytes). The link snapshot and the
    /// address hash are shared. Its place among its address's match candidates and the address itself are
    /// counted by ``estimatedBytes(ofAddress:)``.
    static func estimatedBytes(of record: MatchRecord) -> Int {
        let f = record.fingerprint
        return recordOverhead
            + [f.platform, f.osVersion, f.deviceModel, f.language, f.timezone].reduce(0) { total, field in
                guard let count = field?.utf8.count, count > 15 else { return total }
                return total + 32 + (count + 15) / 16 * 16
            }
    }

    /// The fixed part of `estimatedBytes(of:)`. With ``candidateOverhead`` and ``addressOverhead`` it was
    /// fitted to the resident memory of a million browser clicks stored from 1, 2, 10, 100 and 1 000 clicks
    /// an address: the estimate came within 5 % of each (the token index and the lists grow by doubling,
    /// so the figures move with how full they are).
    static let recordOverhead = 475
    /// What a record costs as one of its address's match candidates (the newest ``fingerprintCap``): its
    /// token in the list and its copy in `fingerprintRecords`.
    static let candidateOverhead = 300
    /// What an address with records costs: its entries in `buckets` and `held`, the four lists' storage and
    /// its hash string.
    static let addressOverhead = 410

    /// What an address's bucket costs the store beyond its records' own `estimatedBytes(of:)`.
    static func estimatedBytes(ofAddress bucket: Bucket) -> Int {
        addressOverhead + candidateOverhead * bucket.fingerprint.count
    }

    /// Sweeps when `sweepInterval` has passed since the last sweep.
    mutating func sweepIfDue(now: Date) {
        guard let last = lastSweep else {
            lastSweep = now
            return
        }
        if now.timeIntervalSince(last) >= MatchState.sweepInterval || now < last { sweep(now: now) }
    }

    /// Adds a record, evicting the oldest from a full per-IP list, the address's oldest record past its
    /// cap, and the store's oldest records past the budget.
    package mutating func insert(_ record: MatchRecord, now: Date) {
        insertsSinceSweep += 1
        // A sweep visits every record: run it after as many inserts as there are records (at least
        // 1 024), so its cost stays O(1) per insert however many clicks are stored.
        if insertsSinceSweep >= max(1024, records.count) { sweep(now: now) }
        purge(ipHash: record.ipHash, now: now)
        if records[record.token] != nil { removeRecord(token: record.token) }  // a reused token
        var record = record
        let key = AddressKey(record.ipHash)
        let stored = buckets.removeValue(forKey: key)  // out of the dictionary while it changes
        storedBytes -= stored.map(MatchState.estimatedBytes(ofAddress:)) ?? 0
        var bucket = stored ?? Bucket()
        var tokens = held.removeValue(forKey: key) ?? []
        // one hash string per address
        if let first = tokens.first, let sibling = records[first] { record.ipHash = sibling.ipHash }
        record.link = intern(record.link, token: record.token)
        records[record.token] = record
        storedBytes += MatchState.estimatedBytes(of: record)
        order.append(record.token)
        bucket.earliestExpiry = min(bucket.earliestExpiry, record.expiresAt)
        bucket.fingerprint.append(record.token)
        bucket.fuzzy.append(record.token)
        tokens.append(record.token)
        evictOldest(&bucket.fingerprint, cap: MatchState.fingerprintCap)
        evictOldest(&bucket.fuzzy, cap: MatchState.fuzzyCap)
        storedBytes += MatchState.estimatedBytes(ofAddress: bucket)
        buckets[key] = bucket
        let oldest = tokens.count > limits.maxRecordsPerAddress ? tokens[0] : nil
        held[key] = tokens
        resync(ipHash: record.ipHash)
        if let oldest { removeRecord(token: oldest) }
        while storedBytes > limits.memoryBudget, let oldest = order.popFirst() {
            if records[oldest] != nil { removeRecord(token: oldest) }
        }
    }

    /// The shared snapshot equal to `snapshot` (the link's current one when it did not change), and
    /// the token filed under the link.
    private mutating func intern(_ snapshot: LinkSnapshot, token: String) -> LinkSnapshot {
        if var entry = links.removeValue(forKey: snapshot.linkId) {
            if entry.snapshot != snapshot { entry.snapshot = snapshot }
            entry.tokens.append(token)
            links[snapshot.linkId] = entry
            return entry.snapshot
        }
        links[snapshot.linkId] = (snapshot, [token])
        return snapshot
    }

    /// Removes a record from the token index and from its address's lists.
    private mutating func removeRecord(token: String) {
        guard let record = records.removeValue(forKey: token) else { return }
        storedBytes -= MatchState.estimatedBytes(of: record)
        let key = AddressKey(record.ipHash)
        var tokens = held.removeValue(forKey: key) ?? []
        tokens.removeAll { $0 == token }
        guard var bucket = buckets.removeValue(forKey: key) else { return }
        storedBytes -= MatchState.estimatedBytes(ofAddress: bucket)
        guard !tokens.isEmpty else { return }  // the address's last record: its bucket goes too
        held[key] = tokens
        bucket.fingerprint.removeAll { $0 == token }
        bucket.fuzzy.removeAll { $0 == token }
        bucket.fingerprintRecords.removeAll { $0.token == token }
        storedBytes += MatchState.estimatedBytes(ofAddress: bucket)
        buckets[key] = bucket
    }

    /// Drops every record of a link (it was deleted): its clicks must not match any more.
    mutating func removeRecords(linkId: String) {
        guard let entry = links.removeValue(forKey: linkId) else { return }
        for token in entry.tokens where records[token]?.linkId == linkId { removeRecord(token: token) }
    }

    /// Rebuilds a bucket's `fingerprintRecords` from `records`.
    private mutating func resync(ipHash: String) {
        guard var bucket = buckets[AddressKey(ipHash)] else { return }
        buckets[AddressKey(ipHash)] = nil  // keep the arrays uniquely referenced while they change
        bucket.fingerprintRecords = []
        bucket.fingerprintRecords.reserveCapacity(bucket.fingerprint.count)  // exact: it is rebuilt, never appended to
        for token in bucket.fingerprint { if let record = records[token] { bucket.fingerprintRecords.append(record) } }
        buckets[AddressKey(ipHash)] = bucket
    }

    private func evictOldest(_ tokens: inout [String], cap: Int) {
        while tokens.count > cap {
            let oldest = tokens.indices.min {
                (records[tokens[$0]]?.recordedAt ?? .distantPast) < (records[tokens[$1]]?.recordedAt ?? .distantPast)
            }!
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
        // nothing expired: share the array, no copies
        if now < bucket.earliestExpiry { return bucket.fingerprintRecords }
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
        guard let records = buckets[AddressKey(ipHash)]?.fingerprintRecords, records.indices.contains(index) else {
            return nil
        }
        return records[index]
    }

    /// The newest live record in an IP's fuzzy list (the first of equally new ones), copied once.
    func newestFuzzyCandidate(ipHash: String, now: Date) -> MatchRecord? {
        guard let bucket = buckets[AddressKey(ipHash)] else { return nil }
        var newestToken: String?
        var newestAt = Date.distantPast
        for token in bucket.fuzzy {
            guard let r = records[token], r.expiresAt > now else { continue }
            if newestToken == nil || r.recordedAt > newestAt {
                newestToken = token
                newestAt = r.recordedAt
            }
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
            buckets[AddressKey(r.ipHash)] = nil  // keep the arrays uniquely referenced while they change
            bucket.earliestExpiry = min(bucket.earliestExpiry, r.expiresAt)
            for index in bucket.fingerprintRecords.indices where bucket.fingerprintRecords[index].token == token {
                bucket.fingerprintRecords[index] = r
            }
            buckets[AddressKey(r.ipHash)] = bucket
        }
    }

    /// Drops expired records from one IP's lists.
    mutating func purge(ipHash: String, now: Date) {
        guard let bucket = buckets[AddressKey(ipHash)] else { return }
        // Fast path (every match calls this): nothing in the bucket can have expired yet.
        if now < bucket.earliestExpiry { return }
        func alive(_ token: String) -> Bool { (records[token]?.expiresAt ?? .distantPast) > now }
        // Drop the expired records of the lists (a dead token stays dead once its record is gone).
        var dead = bucket.fingerprint.filter { !alive($0) }
        dead += bucket.fuzzy.filter { !alive($0) && !dead.contains($0) }
        for token in dead { removeRecord(token: token) }
        guard var kept = buckets.removeValue(forKey: AddressKey(ipHash)) else { return }
        kept.earliestExpiry = earliestExpiry(of: kept)
        buckets[AddressKey(ipHash)] = kept
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

    /// Drops every expired record, and compacts what points at records that are gone.
    package mutating func sweep(now: Date) {
        insertsSinceSweep = 0
        lastSweep = now
        records = records.filter { $0.value.expiresAt > now }
        order.keep { records[$0] != nil }
        for (linkId, entry) in links {
            let tokens = entry.tokens.filter { records[$0]?.linkId == linkId }
            links[linkId] = tokens.isEmpty ? nil : (entry.snapshot, tokens)
        }
        for (ip, tokens) in held {
            let h = tokens.filter { records[$0] != nil }
            guard h.count != tokens.count else { continue }  // nothing expired here
            held[ip] = h.isEmpty ? nil : h
            guard let bucket = buckets[ip] else { continue }
            guard !h.isEmpty else {
                buckets[ip] = nil
                continue
            }
            var kept = Bucket(
                fingerprint: bucket.fingerprint.filter { records[$0] != nil },
                fuzzy: bucket.fuzzy.filter { records[$0] != nil })
            kept.earliestExpiry = earliestExpiry(of: kept)
            kept.fingerprintRecords = kept.fingerprint.compactMap { records[$0] }
            buckets[ip] = kept
        }
        storedBytes =
            records.values.reduce(0) { $0 + MatchState.estimatedBytes(of: $1) }
            + buckets.values.reduce(0) { $0 + MatchState.estimatedBytes(ofAddress: $1) }
    }
}

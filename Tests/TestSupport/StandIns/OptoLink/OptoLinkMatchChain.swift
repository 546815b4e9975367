import Foundation

/// OptoLink's deferred match (seed 000, section 2) as a pure function of the query, the click records
/// and the time: first hit wins.
///
/// 1. P1 `CLIPBOARD`: a live record with the body's `clipboardToken` (any address) → `exact`.
/// 2. P1.5 `INSTALL_REFERRER`: a live record with the body's `installReferrer` as its token → `exact`.
/// 3. P2 `FINGERPRINT_EXACT`: the newest live record on the address whose platform, OS version and
///    model all equal the body's → `high`.
/// 4. P2.5 `FINGERPRINT_SCORED`: the newest 50 live records on the address scored with the weights
///    (address 30, platform 10, OS version 15 or major only 8, language 10, time zone 10, model 12,
///    recency 9/7/5/3/1 under 5 min/30 min/1 h/6 h/12 h); the best at 65 or more matches, `high` from 85,
///    `medium` from 70, else `low`, with its `matchScore`. More than 3 records at 65 or more on the
///    address is a shared network: every candidate is rejected and nothing matches.
/// 5. P3 `IP_FUZZY`: the newest of the newest 20 live records on the address → `low`.
///
/// A matched record stays matchable for 30 s more (``graceSeconds``), then is gone.
enum OptoLinkMatchChain {
    /// The least score that matches.
    static let threshold = 65
    /// Seconds a matched record stays matchable (an SDK's retries get the same answer).
    static let graceSeconds: TimeInterval = 30
    /// Records per address the fingerprint tiers look at (the newest).
    static let fingerprintCandidates = 50
    /// Records per address the IP tier looks at (the newest).
    static let fuzzyCandidates = 20
    /// More candidates at or above the threshold on one address than this is a shared network.
    static let sharedNetworkLimit = 3

    /// The points of each compared trait.
    enum Points {
        static let ip = 30
        static let platform = 10
        static let osVersion = 15
        static let osMajorOnly = 8
        static let language = 10
        static let timezone = 10
        static let deviceModel = 12
    }

    /// The recency bonus for a click `age` seconds old.
    static func recencyBonus(age: TimeInterval) -> Int {
        switch age {
        case ..<300: 9
        case ..<1800: 7
        case ..<3600: 5
        case ..<21_600: 3
        case ..<43_200: 1
        default: 0
        }
    }

    /// The band of a score at or above the threshold.
    static func confidence(score: Int) -> String {
        score >= 85 ? "high" : score >= 70 ? "medium" : "low"
    }

    /// The score of `record` (on the query's address) against `query` at `now`.
    static func score(_ record: OptoLinkClickRecord, _ query: OptoLinkMatchQuery, now: Date) -> Int {
        var points = record.address == query.address ? Points.ip : 0
        if same(record.platform, query.platform) { points += Points.platform }
        if same(record.osVersion, query.osVersion) {
            points += Points.osVersion
        } else if let clicked = record.osVersion, let asked = query.osVersion,
            let major = clicked.split(separator: ".").first, major == asked.split(separator: ".").first
        {
            points += Points.osMajorOnly
        }
        if same(record.language, query.language) { points += Points.language }
        if same(record.timezone, query.timezone) { points += Points.timezone }
        if same(record.deviceModel, query.deviceModel) { points += Points.deviceModel }
        return points + recencyBonus(age: now.timeIntervalSince(record.clickedAt))
    }

    /// The chain's decision for `query` among `records` at `now`.
    static func decide(_ query: OptoLinkMatchQuery, records: [OptoLinkClickRecord], now: Date)
        -> OptoLinkMatchOutcome
    {
        let live = records.filter { $0.expiresAt > now }
        for (token, method) in [(query.clipboardToken, "CLIPBOARD"), (query.installReferrer, "INSTALL_REFERRER")] {
            guard let token, !token.isEmpty else { continue }
            if let record = live.first(where: { $0.token == token }) {
                return .matched(recordID: record.id, method: method, confidence: "exact", score: nil)
            }
        }
        // The address's records, newest first.
        let onAddress = live.filter { $0.address == query.address }.sorted { newer($0, than: $1) }
        let fingerprint = onAddress.prefix(fingerprintCandidates)
        if let exact = fingerprint.first(where: { record in
            record.platform != nil && record.osVersion != nil && record.deviceModel != nil
                && same(record.platform, query.platform) && same(record.osVersion, query.osVersion)
                && same(record.deviceModel, query.deviceModel)
        }) {
            return .matched(recordID: exact.id, method: "FINGERPRINT_EXACT", confidence: "high", score: nil)
        }
        let scored = fingerprint.map { (record: $0, score: score($0, query, now: now)) }
        let qualifying = scored.filter { $0.score >= threshold }
        if qualifying.count > sharedNetworkLimit { return .none(sharedNetwork: true) }
        // Highest score; the newest of equal scores (the list is newest first, and `max` keeps the first).
        if let best = qualifying.max(by: { $0.score < $1.score }) {
            return .matched(
                recordID: best.record.id, method: "FINGERPRINT_SCORED", confidence: confidence(score: best.score),
                score: best.score)
        }
        if let newest = onAddress.prefix(fuzzyCandidates).first {
            return .matched(recordID: newest.id, method: "IP_FUZZY", confidence: "low", score: nil)
        }
        return .none(sharedNetwork: false)
    }

    /// `record` once matched at `now`: matchable for ``graceSeconds`` more at most, then gone.
    static func matched(_ record: OptoLinkClickRecord, at now: Date) -> OptoLinkClickRecord {
        var kept = record
        kept.expiresAt = min(record.expiresAt, now.addingTimeInterval(graceSeconds))
        return kept
    }

    /// Whether both are known and equal, ignoring case.
    private static func same(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, !a.isEmpty else { return false }
        return a.caseInsensitiveCompare(b) == .orderedSame
    }

    /// Newest first: the later click, then the later record.
    private static func newer(_ a: OptoLinkClickRecord, than b: OptoLinkClickRecord) -> Bool {
        a.clickedAt != b.clickedAt ? a.clickedAt > b.clickedAt : a.id > b.id
    }
}

import Foundation

/// The priority chain of section 2, first hit wins:
/// P1 clipboard token (exact) → P1.5 install referrer token (exact) → P2 exact fingerprint on the same
/// IP (high) → P2.5 weighted score ≥ 65 (high/medium/low, with `matchScore`) → P3 IP only (low).
///
/// The shared-network guard: when more than 3 candidates on the IP score ≥ 65, P2.5 rejects them all
/// and the chain stops (no fall-through to P3).
///
/// Choices where the seed is open (also in the README):
/// - P2 with several exact candidates picks the newest click.
/// - P2.5 picks the highest score; on a tie, the newest click.
/// - P3 picks the newest live click in the IP's fuzzy list.
/// - The guard belongs to P2.5 only; P2 runs before it.
enum MatchEngine {
    /// What the SDK sent.
    struct Input: Sendable {
        var clipboardToken: String?
        var installReferrer: String?
        var deviceId: String?
        var fingerprint: ClickFingerprint
    }

    /// A matched record and how.
    struct Result: Sendable {
        var method: String
        var confidence: String
        var score: Int?
        var record: MatchRecord
    }

    /// One fingerprint candidate with its points. It refers to its record by position in the bucket's
    /// (shared, copy-on-write) record array instead of copying the record's strings and params, which
    /// dominated a match's cost (optolink-bench, measure 5); the attempt log reads `record` when needed.
    struct Candidate: Sendable {
        /// The records the candidate was drawn from (shared, never copied).
        let source: [MatchRecord]
        /// The candidate's position in `source`.
        let index: Int
        var age: TimeInterval
        var points: Scoring.Breakdown

        /// The candidate's click record.
        var record: MatchRecord { source[index] }
    }

    /// The full decision, for the response and the attempt log.
    struct Decision: Sendable {
        var result: Result?
        var guardFired: Bool
        var candidates: [Candidate]
    }

    /// Runs the chain against `state` and marks the matched record (30 s grace).
    static func evaluate(_ input: Input, ipHash: String, now: Date, state: inout MatchState) -> Decision {
        state.purge(ipHash: ipHash, now: now)
        let records = state.fingerprintCandidates(ipHash: ipHash, now: now)
        // Score in place (no record copies), then sort small keys: highest total first, then newest
        // click; ties keep list order.
        var keys = [(total: Int, recordedAt: Date, index: Int, age: TimeInterval, points: Scoring.Breakdown)]()
        keys.reserveCapacity(records.count)
        var exactIndex: Int?   // P2: the newest exact candidate, the first in list order among equally new ones
        records.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let age = now.timeIntervalSince(buffer[index].recordedAt)
                let points = Scoring.score(click: buffer[index].fingerprint, request: input.fingerprint, age: age)
                keys.append((points.total, buffer[index].recordedAt, index, age, points))
                // Newest first; among equally new ones the first in candidate order (higher total, then list order).
                if Scoring.isExact(click: buffer[index].fingerprint, request: input.fingerprint),
                   exactIndex.map({ (buffer[$0].recordedAt, keys[$0].total) < (buffer[index].recordedAt, points.total) }) ?? true {
                    exactIndex = index
                }
            }
        }
        keys.sort {
            ($0.total, $0.recordedAt) != ($1.total, $1.recordedAt) ? ($0.total, $0.recordedAt) > ($1.total, $1.recordedAt) : $0.index < $1.index
        }
        let candidates = keys.map { Candidate(source: records, index: $0.index, age: $0.age, points: $0.points) }

        func finish(_ result: Result?, guardFired: Bool = false) -> Decision {
            if let result { state.markMatched(token: result.record.token, now: now) }
            return Decision(result: result, guardFired: guardFired, candidates: candidates)
        }

        if let token = input.clipboardToken, let record = state.record(token: token, now: now) {
            return finish(Result(method: "CLIPBOARD", confidence: "exact", record: record))
        }
        if let referrer = input.installReferrer, let token = extractToken(referrer), let record = state.record(token: token, now: now) {
            return finish(Result(method: "INSTALL_REFERRER", confidence: "exact", record: record))
        }
        if let exactIndex {
            return finish(Result(method: "FINGERPRINT_EXACT", confidence: "high", record: records[exactIndex]))
        }
        // Candidates are sorted by total, so the qualifying ones are a prefix.
        let qualifyingCount = candidates.prefix { $0.points.total >= Scoring.threshold }.count
        if qualifyingCount > 3 { return finish(nil, guardFired: true) }
        if qualifyingCount > 0, let best = candidates.first {
            return finish(Result(method: "FINGERPRINT_SCORED", confidence: Scoring.confidence(for: best.points.total),
                                 score: best.points.total, record: best.record))
        }
        if let newest = state.fuzzyCandidates(ipHash: ipHash, now: now).max(by: { $0.recordedAt < $1.recordedAt }) {
            return finish(Result(method: "IP_FUZZY", confidence: "low", record: newest))
        }
        return finish(nil)
    }

    /// The click token inside a Play install referrer: the whole string, or the first
    /// `opl_` + 22 base64url run inside it (e.g. `utm_source=x&click=opl_…`).
    static func extractToken(_ referrer: String) -> String? {
        let decoded = referrer.removingPercentEncoding ?? referrer
        var search = decoded[...]
        while let range = search.range(of: "opl_") {
            let candidate = decoded[range.lowerBound...].prefix(26)
            if RandomToken.isClipboardToken(candidate) {
                let after = candidate.endIndex
                if after == decoded.endIndex || !RandomToken.isBase64URL(decoded.utf8[after]) { return String(candidate) }
            }
            search = decoded[range.upperBound...]
        }
        return nil
    }

    /// The `/match` wire shape.
    static func responseJSON(_ result: Result?) -> JSON {
        guard let result else { return ["matched": false, "matchMethod": "NONE"] }
        var object: [String: JSON] = [
            "matched": true, "matchMethod": .string(result.method), "matchConfidence": .string(result.confidence),
            "linkId": .string(result.record.linkId), "path": .string(result.record.path), "params": .object(result.record.params),
        ]
        if let score = result.score { object["matchScore"] = .number(Double(score)) }
        return .object(object)
    }
}

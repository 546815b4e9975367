import Foundation

/// The priority chain of section 2, first hit wins:
/// P1 clipboard token (exact) → P1.5 install referrer token (exact) → P2 exact fingerprint on the same
/// IP (high) → P2.5 weighted score ≥ 65 (high/medium/low, with `matchScore`) → P3 IP only (low).
///
/// The shared-network guard: when more than 3 candidates on the IP score ≥ 65, P2.5 rejects them all
/// and the chain stops (no fall-through to P3).
///
/// Choices where the seed is open (also in docs/server.md, "Matching: what the server does where the seed
/// leaves a choice"):
/// - P2 with several exact candidates picks the newest click.
/// - P2.5 picks the highest score; on a tie, the newest click.
/// - P3 picks the newest live click in the IP's fuzzy list.
/// - The guard belongs to P2.5 only; P2 runs before it.
///
/// The threshold, the guard's size and the points are the seed's unless a ``Policy`` says otherwise (what-if
/// runs of the same chain; the routes use ``Policy/seed`` unless the embedding program configured the server
/// with other numbers, as the match lab's wire engine does).
package enum MatchEngine {
    /// The numbers the chain decides with.
    package struct Policy: Sendable, Hashable {
        /// P2.5 needs at least this many points (65 in the seed).
        package var threshold = Scoring.threshold
        /// The shared-network guard rejects every candidate when more than this many reach the threshold
        /// (3 in the seed); nil turns the guard off.
        package var guardSize: Int? = 3
        /// The points of each component.
        package var weights = Scoring.Weights.seed
        /// Whether P3 (the newest click on the address) runs when nothing reached the threshold (the seed's
        /// chain does).
        package var ipFallback = true

        /// The seed's numbers.
        package static let seed = Policy()
    }

    /// What the SDK sent.
    package struct Input: Sendable {
        var clipboardToken: String?
        var installReferrer: String?
        var deviceId: String?
        /// The device's fingerprint (P2 / P2.5).
        package var fingerprint: ClickFingerprint

        /// A request; the fields not given were not sent.
        package init(
            clipboardToken: String? = nil, installReferrer: String? = nil, deviceId: String? = nil,
            fingerprint: ClickFingerprint
        ) {
            self.clipboardToken = clipboardToken
            self.installReferrer = installReferrer
            self.deviceId = deviceId
            self.fingerprint = fingerprint
        }
    }

    /// A matched record and how.
    package struct Result: Sendable {
        package var method: String
        package var confidence: String
        package var score: Int?
        package var record: MatchRecord
    }

    /// One fingerprint candidate with its points. It refers to its record by position in the bucket's
    /// (shared, copy-on-write) record array instead of copying the record's strings and params, which
    /// dominated a match's cost; the attempt log reads `record` when needed.
    package struct Candidate: Sendable {
        /// The records the candidate was drawn from (shared, never copied).
        let source: [MatchRecord]
        /// The candidate's position in `source`.
        let index: Int
        /// How old the click was, in seconds.
        package var age: TimeInterval
        /// Its points, component by component.
        package var points: Scoring.Breakdown

        /// The candidate's click record.
        package var record: MatchRecord { source[index] }
    }

    /// The full decision, for the response and the attempt log.
    package struct Decision: Sendable {
        /// The match, if any.
        package var result: Result?
        /// Whether the shared-network guard stopped P2.5.
        package var guardFired: Bool
        /// Every click the chain scored, best first.
        package var candidates: [Candidate]

        /// A decision.
        package init(result: Result?, guardFired: Bool, candidates: [Candidate]) {
            self.result = result
            self.guardFired = guardFired
            self.candidates = candidates
        }
    }

    /// Runs the chain against `state` with `policy`'s numbers and marks the matched record (30 s grace).
    package static func evaluate(
        _ input: Input, ipHash: String, now: Date, state: inout MatchState, policy: Policy = .seed
    )
        -> Decision
    {
        state.purge(ipHash: ipHash, now: now)
        // Score in place through a borrowed buffer (no record copies, and no second reference to the
        // bucket's array, so `markMatched` below changes it in place instead of copying it). Points
        // are kept by position; the sort moves small keys only.
        var points = [(age: TimeInterval, points: Scoring.Breakdown)]()
        var keys = [(total: Int, recordedAt: Date, index: Int)]()
        var exactIndex: Int?  // P2: the newest exact candidate, the first in candidate order among equally new ones
        let seedWeights = policy.weights == .seed  // else P2's test compares the fields (the points cannot say)
        state.withFingerprintCandidates(ipHash: ipHash, now: now) { buffer in
            points.reserveCapacity(buffer.count)
            keys.reserveCapacity(buffer.count)
            for index in buffer.indices {
                let age = now.timeIntervalSince(buffer[index].recordedAt)
                let breakdown = Scoring.score(
                    click: buffer[index].fingerprint, request: input.fingerprint, age: age, weights: policy.weights)
                points.append((age, breakdown))
                keys.append((breakdown.total, buffer[index].recordedAt, index))
                // Newest first; among equally new ones the first in candidate order (higher total, then list order).
                if seedWeights
                    ? breakdown.isExact : Scoring.isExact(click: buffer[index].fingerprint, request: input.fingerprint),
                    exactIndex.map({
                        (buffer[$0].recordedAt, keys[$0].total) < (buffer[index].recordedAt, breakdown.total)
                    }) ?? true
                {
                    exactIndex = index
                }
            }
        }
        // Highest total first, then newest click; ties keep list order.
        keys.sort {
            ($0.total, $0.recordedAt) != ($1.total, $1.recordedAt)
                ? ($0.total, $0.recordedAt) > ($1.total, $1.recordedAt) : $0.index < $1.index
        }

        func finish(_ result: Result?, guardFired: Bool = false) -> Decision {
            if let result { state.markMatched(token: result.record.token, now: now) }
            // Read after `markMatched`: the purge above left only live records, and a match keeps its
            // record alive for the grace period, so the list (and every index in `keys`) is unchanged.
            let source = state.fingerprintCandidates(ipHash: ipHash, now: now)
            let candidates = keys.map {
                Candidate(source: source, index: $0.index, age: points[$0.index].age, points: points[$0.index].points)
            }
            return Decision(result: result, guardFired: guardFired, candidates: candidates)
        }

        if let token = input.clipboardToken, let record = state.record(token: token, now: now) {
            return finish(Result(method: "CLIPBOARD", confidence: "exact", record: record))
        }
        if let referrer = input.installReferrer, let token = extractToken(referrer),
            let record = state.record(token: token, now: now)
        {
            return finish(Result(method: "INSTALL_REFERRER", confidence: "exact", record: record))
        }
        if let exactIndex, let record = state.fingerprintRecord(ipHash: ipHash, at: exactIndex) {
            return finish(Result(method: "FINGERPRINT_EXACT", confidence: "high", record: record))
        }
        // Keys are sorted by total, so the qualifying ones are a prefix.
        let qualifyingCount = keys.prefix { $0.total >= policy.threshold }.count
        if let guardSize = policy.guardSize, qualifyingCount > guardSize { return finish(nil, guardFired: true) }
        if qualifyingCount > 0, let best = keys.first,
            let record = state.fingerprintRecord(ipHash: ipHash, at: best.index)
        {
            return finish(
                Result(
                    method: "FINGERPRINT_SCORED", confidence: Scoring.confidence(for: best.total), score: best.total,
                    record: record))
        }
        if policy.ipFallback, let newest = state.newestFuzzyCandidate(ipHash: ipHash, now: now) {
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
                if after == decoded.endIndex || !RandomToken.isBase64URL(decoded.utf8[after]) {
                    return String(candidate)
                }
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
            "linkId": .string(result.record.linkId), "path": .string(result.record.path),
            "params": .object(result.record.params),
        ]
        if let score = result.score { object["matchScore"] = .number(Double(score)) }
        return .object(object)
    }
}

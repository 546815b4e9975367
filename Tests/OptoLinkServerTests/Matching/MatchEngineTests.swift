import Foundation
import Testing

@testable import OptoLinkServer

@Suite struct MatchEngineTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let ip = AddressHash.of("203.0.113.7")
    let phone = ClickFingerprint(
        platform: "iOS", osVersion: "17.4.1", deviceModel: "iPhone16,1", language: "en-US", timezone: "Europe/Berlin")

    func record(
        _ code: String, _ fingerprint: ClickFingerprint, age: TimeInterval = 60, window: TimeInterval = 24 * 3600,
        ipHash: String? = nil
    ) -> MatchRecord {
        MatchRecord(
            token: RandomToken.clipboardToken(), orgId: 1, linkId: "lnk_\(code)", shortCode: code, path: "/\(code)",
            params: ["c": .string(code)], ipHash: ipHash ?? ip, fingerprint: fingerprint,
            recordedAt: now.addingTimeInterval(-age), expiresAt: now.addingTimeInterval(-age + window))
    }

    func match(
        _ state: inout MatchState, _ fingerprint: ClickFingerprint, token: String? = nil, referrer: String? = nil,
        at time: Date? = nil, ipHash: String? = nil
    ) -> MatchEngine.Decision {
        MatchEngine.evaluate(
            .init(clipboardToken: token, installReferrer: referrer, deviceId: "device-1", fingerprint: fingerprint),
            ipHash: ipHash ?? ip, now: time ?? now, state: &state)
    }

    /// A state with one click whose score against `phone` is `score` (via the components listed).
    func scored(_ click: ClickFingerprint, age: TimeInterval) -> (MatchState, MatchRecord) {
        var state = MatchState()
        let r = record("a", click, age: age)
        state.insert(r, now: now)
        return (state, r)
    }

    // MARK: Priority chain

    @Test func clipboardTokenWinsWithExactConfidence() {
        var state = MatchState()
        let r = record("summer", ClickFingerprint(), ipHash: AddressHash.of("198.51.100.1"))
        state.insert(r, now: now)
        let d = match(&state, phone, token: r.token)
        #expect(d.result?.method == "CLIPBOARD")
        #expect(d.result?.confidence == "exact")
        #expect(d.result?.score == nil)
        #expect(MatchEngine.responseJSON(d.result)["matchScore"] == nil)
    }

    @Test func installReferrerTokenIsP15() {
        var state = MatchState()
        let r = record("summer", ClickFingerprint(), ipHash: AddressHash.of("198.51.100.1"))
        state.insert(r, now: now)
        #expect(match(&state, phone, referrer: "utm_source=x&click=\(r.token)").result?.method == "INSTALL_REFERRER")
        #expect(match(&state, phone, referrer: "\(r.token)x").result == nil)
    }

    @Test func exactFingerprintIsHighAndPicksTheNewest() {
        var state = MatchState()
        let older = record("older", phone, age: 600)
        let newer = record("newer", phone, age: 60)
        state.insert(older, now: now)
        state.insert(newer, now: now)
        let d = match(&state, ClickFingerprint(platform: "iOS", osVersion: "17.4.1", deviceModel: "iPhone16,1"))
        #expect(d.result?.method == "FINGERPRINT_EXACT")
        #expect(d.result?.confidence == "high")
        #expect(d.result?.record.linkId == "lnk_newer")
        #expect(d.result?.score == nil)
    }

    @Test func scoreBoundary64DoesNotMatchAnd65Does() {
        // 30 IP + 15 OS + 10 timezone + 9 recency = 64 → falls through to P3 (IP only, low).
        var (state, _) = scored(ClickFingerprint(osVersion: "17.4.1", timezone: "Europe/Berlin"), age: 60)
        var d = match(&state, phone)
        #expect(d.candidates.first?.points.total == 64)
        #expect(d.result?.method == "IP_FUZZY")
        #expect(d.result?.confidence == "low")
        // 30 IP + 10 platform + 15 OS + 10 language = 65 (old click, no recency) → scored, low.
        (state, _) = scored(ClickFingerprint(platform: "iOS", osVersion: "17.4.1", language: "en-US"), age: 13 * 3600)
        d = match(&state, phone)
        #expect(d.result?.method == "FINGERPRINT_SCORED")
        #expect(d.result?.score == 65)
        #expect(d.result?.confidence == "low")
    }

    @Test func scoreBoundary69IsLowAnd70IsMedium() {
        // 30 + 12 model + 10 language + 10 timezone + 7 recency = 69.
        var (state, _) = scored(
            ClickFingerprint(deviceModel: "iPhone16,1", language: "en-US", timezone: "Europe/Berlin"), age: 600)
        var d = match(&state, phone)
        #expect(d.result?.score == 69)
        #expect(d.result?.confidence == "low")
        // 30 + 10 platform + 8 major OS + 12 model + 10 timezone = 70.
        (state, _) = scored(
            ClickFingerprint(platform: "iOS", osVersion: "17.1", deviceModel: "iPhone16,1", timezone: "Europe/Berlin"),
            age: 13 * 3600)
        d = match(&state, phone)
        #expect(d.result?.score == 70)
        #expect(d.result?.confidence == "medium")
    }

    @Test func scoreBoundary84IsMediumAnd85IsHigh() {
        // 30 + 10 platform + 15 OS + 10 language + 10 timezone + 9 recency = 84 (no device model → not P2).
        var (state, _) = scored(
            ClickFingerprint(platform: "iOS", osVersion: "17.4.1", language: "en-US", timezone: "Europe/Berlin"),
            age: 60)
        var d = match(&state, phone)
        #expect(d.result?.method == "FINGERPRINT_SCORED")
        #expect(d.result?.score == 84)
        #expect(d.result?.confidence == "medium")
        // 30 + 10 platform + 8 major OS + 10 language + 10 timezone + 12 model + 5 recency = 85.
        (state, _) = scored(
            ClickFingerprint(
                platform: "iOS", osVersion: "17.2", deviceModel: "iPhone16,1", language: "en-US",
                timezone: "Europe/Berlin"), age: 45 * 60)
        d = match(&state, phone)
        #expect(d.result?.score == 85)
        #expect(d.result?.confidence == "high")
        #expect(MatchEngine.responseJSON(d.result)["matchScore"] == .number(85))
    }

    // MARK: Shared-network guard

    func sharedNetwork(_ count: Int) -> MatchState {
        var state = MatchState()
        for i in 0..<count {
            // 30 + 10 + 15 + 10 + 10 + recency ≥ 65, never exact (no device model).
            state.insert(
                record(
                    "c\(i)",
                    ClickFingerprint(
                        platform: "iOS", osVersion: "17.4.1", language: "en-US", timezone: "Europe/Berlin"),
                    age: Double(60 + i)), now: now)
        }
        return state
    }

    @Test func threeQualifyingCandidatesStillMatch() {
        var state = sharedNetwork(3)
        let d = match(&state, phone)
        #expect(!d.guardFired)
        #expect(d.result?.method == "FINGERPRINT_SCORED")
        #expect(d.result?.record.linkId == "lnk_c0")  // tie on score → newest click
    }

    @Test func fourQualifyingCandidatesRejectAllWithoutFallingThroughToP3() {
        var state = sharedNetwork(4)
        let d = match(&state, phone)
        #expect(d.guardFired)
        #expect(d.result == nil)
        #expect(d.candidates.count == 4)
        #expect(d.candidates.allSatisfy { $0.points.total >= 65 })
    }

    // MARK: P3

    @Test func ipOnlyPicksTheNewestClick() {
        var state = MatchState()
        state.insert(record("first", ClickFingerprint(platform: "Android"), age: 300), now: now)
        state.insert(record("second", ClickFingerprint(platform: "Android"), age: 30), now: now)
        state.insert(record("third", ClickFingerprint(platform: "Android"), age: 3000), now: now)
        let d = match(&state, ClickFingerprint(platform: "iOS"))
        #expect(d.result?.method == "IP_FUZZY")
        #expect(d.result?.confidence == "low")
        #expect(d.result?.record.linkId == "lnk_second")
    }

    @Test func anotherAddressFindsNothing() {
        var state = MatchState()
        state.insert(record("a", phone), now: now)
        #expect(match(&state, phone, ipHash: AddressHash.of("192.0.2.99")).result == nil)
    }

    // MARK: Caps

    @Test func fingerprintListKeeps50AndFuzzyList20OldestEvicted() {
        var state = MatchState()
        for i in 0..<60 { state.insert(record("r\(i)", ClickFingerprint(), age: Double(1000 - i)), now: now) }
        let fingerprint = state.fingerprintCandidates(ipHash: ip, now: now)
        let fuzzy = state.fuzzyCandidates(ipHash: ip, now: now)
        #expect(fingerprint.count == 50)
        #expect(fuzzy.count == 20)
        #expect(Set(fingerprint.map(\.shortCode)) == Set((10..<60).map { "r\($0)" }))
        #expect(Set(fuzzy.map(\.shortCode)) == Set((40..<60).map { "r\($0)" }))
    }

    @Test func evictionRemovesTheOldestByClickTimeNotInsertionOrder() {
        var state = MatchState()
        for i in 0..<20 { state.insert(record("r\(i)", ClickFingerprint(), age: Double(100 + i)), now: now) }
        state.insert(record("ancient", ClickFingerprint(), age: 5000), now: now)
        #expect(!state.fuzzyCandidates(ipHash: ip, now: now).map(\.shortCode).contains("ancient"))
        state.insert(record("fresh", ClickFingerprint(), age: 1), now: now)
        let codes = state.fuzzyCandidates(ipHash: ip, now: now).map(\.shortCode)
        #expect(codes.contains("fresh"))
        #expect(!codes.contains("r19"))
    }

    // MARK: TTL and grace

    @Test func recordsExpireAfterTheirWindow() {
        var state = MatchState()
        let r = record("flash", phone, age: 0, window: 3600)
        state.insert(r, now: now)
        #expect(match(&state, ClickFingerprint(), token: r.token, at: now.addingTimeInterval(3599)).result != nil)
        var fresh = MatchState()
        fresh.insert(r, now: now)
        let late = match(&fresh, phone, token: r.token, at: now.addingTimeInterval(3600))
        #expect(late.result == nil)
        #expect(late.candidates.isEmpty)
        #expect(fresh.records.isEmpty)
    }

    @Test func aMatchedRecordLivesThirtySecondsThenIsGone() {
        var state = MatchState()
        let r = record("summer", phone)
        state.insert(r, now: now)
        let first = match(&state, ClickFingerprint(), token: r.token)
        #expect(first.result?.method == "CLIPBOARD")
        let retry = match(&state, ClickFingerprint(), token: r.token, at: now.addingTimeInterval(29))
        #expect(
            retry.result?.record == first.result?.record.with(matchedAt: now, expiresAt: now.addingTimeInterval(30)))
        #expect(MatchEngine.responseJSON(retry.result) == MatchEngine.responseJSON(first.result))
        let gone = match(&state, phone, token: r.token, at: now.addingTimeInterval(30))
        #expect(gone.result == nil)
        #expect(gone.candidates.isEmpty)
    }

    @Test func graceIsNotExtendedByRetries() {
        var state = MatchState()
        let r = record("summer", phone)
        state.insert(r, now: now)
        _ = match(&state, ClickFingerprint(), token: r.token)
        _ = match(&state, ClickFingerprint(), token: r.token, at: now.addingTimeInterval(20))
        #expect(match(&state, ClickFingerprint(), token: r.token, at: now.addingTimeInterval(31)).result == nil)
    }

    @Test func graceNeverOutlivesTheWindow() {
        var state = MatchState()
        let r = record("flash", phone, age: 3590, window: 3600)
        state.insert(r, now: now)
        _ = match(&state, ClickFingerprint(), token: r.token)
        #expect(match(&state, ClickFingerprint(), token: r.token, at: now.addingTimeInterval(11)).result == nil)
    }

    @Test func tokenExtraction() {
        let token = "opl_" + String(repeating: "A", count: 22)
        #expect(MatchEngine.extractToken(token) == token)
        #expect(MatchEngine.extractToken("a=1&t=\(token)&b=2") == token)
        #expect(MatchEngine.extractToken("opl_short") == nil)
    }

    // MARK: Policy (what-if runs)

    @Test func withOtherPointsP2StillNeedsTheThreeFieldsEqual() {
        // Given points where a platform match is worth nothing, and two clicks: one on another platform (same OS and
        // model), one identical to the phone
        var policy = MatchEngine.Policy.seed
        policy.weights.platform = 0
        var state = MatchState()
        var other = phone
        other.platform = "Android"
        state.insert(record("other", other, age: 30), now: now)
        var onlyOther = state

        // When the phone matches with those points
        let decision = MatchEngine.evaluate(
            .init(clipboardToken: nil, installReferrer: nil, deviceId: nil, fingerprint: phone), ipHash: ip, now: now,
            state: &onlyOther, policy: policy)

        // Then the other platform's click is no P2 match (its breakdown equals an exact one's under these points)
        #expect(decision.result?.method == "FINGERPRINT_SCORED")
        state.insert(record("same", phone, age: 60), now: now)
        let exact = MatchEngine.evaluate(
            .init(clipboardToken: nil, installReferrer: nil, deviceId: nil, fingerprint: phone), ipHash: ip, now: now,
            state: &state, policy: policy)
        #expect(exact.result?.method == "FINGERPRINT_EXACT" && exact.result?.record.shortCode == "same")
    }
}

extension MatchRecord {
    func with(matchedAt: Date, expiresAt: Date) -> MatchRecord {
        var copy = self
        copy.matchedAt = matchedAt
        copy.expiresAt = min(self.expiresAt, expiresAt)
        return copy
    }

}

import Foundation
import Testing

@testable import TestSupport

/// The OptoLink stand-in's match chain (seed 000, section 2) as the pure function it is: each tier,
/// the weights and bands (expected from ``ContractScore``, the seed's table written out in the tests),
/// the recency bonus, the shared-network guard, the grace and the live window, with no socket.
@Suite("OptoLink stand-in match chain")
struct OptoLinkMatchChainTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let home = "198.51.100.70"

    /// The app's query from `home`: an iPhone 15 Pro on iOS 17.4.1, en-US, New York.
    static func query(token: String? = nil, referrer: String? = nil, address: String = home) -> OptoLinkMatchQuery {
        OptoLinkMatchQuery(
            address: address, clipboardToken: token, installReferrer: referrer, platform: "iOS", osVersion: "17.4.1",
            deviceModel: "iPhone16,1", language: "en-US", timezone: "America/New_York")
    }

    /// A click record from `home`, `age` seconds old, live for 24 hours from the click.
    static func record(
        _ id: Int, age: TimeInterval = 0, address: String = home, platform: String? = "iOS",
        os: String? = "17.4.1", model: String? = nil, language: String? = "en-US", timezone: String? = nil
    ) -> OptoLinkClickRecord {
        let clicked = now.addingTimeInterval(-age)
        return OptoLinkClickRecord(
            id: id, code: "c\(id)", token: "opl_" + String(repeating: Character(String(id % 10)), count: 22),
            address: address, platform: platform, osVersion: os, deviceModel: model, language: language,
            timezone: timezone, clickedAt: clicked, expiresAt: clicked.addingTimeInterval(86_400))
    }

    @Test("P1: the clipboard token matches on any network, CLIPBOARD / exact, without a score")
    func clipboardTokenMatchesAnywhere() {
        let click = Self.record(1, address: "203.0.113.9")

        let outcome = OptoLinkMatchChain.decide(
            Self.query(token: click.token), records: [Self.record(2), click], now: Self.now)

        #expect(outcome == .matched(recordID: 1, method: "CLIPBOARD", confidence: "exact", score: nil))
    }

    @Test("P1.5: the install referrer's token matches, INSTALL_REFERRER / exact")
    func installReferrerMatches() {
        let click = Self.record(3, address: "203.0.113.9")

        let outcome = OptoLinkMatchChain.decide(Self.query(referrer: click.token), records: [click], now: Self.now)

        #expect(outcome == .matched(recordID: 3, method: "INSTALL_REFERRER", confidence: "exact", score: nil))
    }

    @Test("P2: address, platform, OS version and model all equal → FINGERPRINT_EXACT / high, before any scoring")
    func exactFingerprintMatchesHigh() {
        let exact = Self.record(4, age: 3000, model: "iPhone16,1", language: "de-DE")
        let fresher = Self.record(5, age: 10, timezone: "America/New_York")

        let outcome = OptoLinkMatchChain.decide(Self.query(), records: [exact, fresher], now: Self.now)

        #expect(outcome == .matched(recordID: 4, method: "FINGERPRINT_EXACT", confidence: "high", score: nil))
    }

    @Test("P2.5: the weights add up; 85 and over is high, 70 and over medium, 65 and over low")
    func scoredBands() {
        let p = ContractScore.self
        // The query: iOS 17.4.1, iPhone16,1, en-US, America/New_York, from the record's address. Each record
        // misses at least one of OS version and model, so P2 never fires first.
        let cases: [(record: OptoLinkClickRecord, score: Int, band: String)] = [
            // OS major only, model, time zone, language, fresh.
            (
                Self.record(6, os: "17.4", model: "iPhone16,1", timezone: "America/New_York"),
                p.ip + p.platform + p.osMajorOnly + p.deviceModel + p.timezone + p.language + 9, "high"
            ),
            // OS exact, time zone, language, fresh (what no page can know: the time zone).
            (
                Self.record(7, timezone: "America/New_York"),
                p.ip + p.platform + p.osExact + p.timezone + p.language + 9, "medium"
            ),
            // What a page knows, 20 minutes old.
            (Self.record(8, age: 1200), p.ip + p.platform + p.osExact + p.language + 7, "medium"),
            // What a page knows, 3 hours old.
            (Self.record(9, age: 10_800), p.ip + p.platform + p.osExact + p.language + 3, "low"),
        ]
        for (record, score, band) in cases {
            let outcome = OptoLinkMatchChain.decide(Self.query(), records: [record], now: Self.now)
            #expect(score >= ContractScore.threshold && band == ContractScore.confidence(score))
            #expect(
                outcome == .matched(recordID: record.id, method: "FINGERPRINT_SCORED", confidence: band, score: score),
                "record \(record.id)")
        }
    }

    @Test("the recency bonus: 9, 7, 5, 3, 1 under 5 min, 30 min, 1 h, 6 h, 12 h, then 0")
    func recencyBonus() {
        let table: [(TimeInterval, Int)] = [
            (0, 9), (299, 9), (300, 7), (1799, 7), (1800, 5), (3599, 5), (3600, 3), (21_599, 3), (21_600, 1),
            (43_199, 1), (43_200, 0),
        ]
        for (age, bonus) in table {
            #expect(OptoLinkMatchChain.recencyBonus(age: age) == bonus, "age \(age)")
        }
    }

    @Test("below 65 the chain falls to P3: the newest record on the address, IP_FUZZY / low")
    func belowThresholdFallsToIPFuzzy() {
        // Address, platform and OS version, another language, 3 hours old: 58.
        let older = Self.record(12, age: 10_900, language: "de-DE")
        let newer = Self.record(13, age: 10_800, language: "de-DE")
        #expect(OptoLinkMatchChain.score(newer, Self.query(), now: Self.now) < ContractScore.threshold)

        let outcome = OptoLinkMatchChain.decide(Self.query(), records: [newer, older], now: Self.now)

        #expect(outcome == .matched(recordID: 13, method: "IP_FUZZY", confidence: "low", score: nil))
    }

    @Test("shared network: more than 3 records at 65 or more on the address reject all; 3 still match")
    func sharedNetworkGuard() {
        let four = (20..<24).map { Self.record($0, age: TimeInterval($0)) }

        let rejected = OptoLinkMatchChain.decide(Self.query(), records: four, now: Self.now)
        let matched = OptoLinkMatchChain.decide(Self.query(), records: Array(four.prefix(3)), now: Self.now)

        #expect(rejected == .none(sharedNetwork: true))
        guard case .matched(let id, "FINGERPRINT_SCORED", _, _) = matched else {
            Issue.record("expected a scored match, got \(matched)")
            return
        }
        #expect(id == 20)  // equal scores: the newest
    }

    @Test("a matched record answers the same for 30 s (an SDK's retries), then is gone")
    func matchedRecordKeepsAGrace() {
        let click = Self.record(40, address: "203.0.113.40")
        let query = Self.query(token: click.token)
        let kept = OptoLinkMatchChain.matched(click, at: Self.now)

        let retried = OptoLinkMatchChain.decide(
            query, records: [kept], now: Self.now.addingTimeInterval(OptoLinkMatchChain.graceSeconds - 1))
        let late = OptoLinkMatchChain.decide(
            query, records: [kept], now: Self.now.addingTimeInterval(OptoLinkMatchChain.graceSeconds))

        #expect(retried == .matched(recordID: 40, method: "CLIPBOARD", confidence: "exact", score: nil))
        #expect(late == .none(sharedNetwork: false))
    }

    @Test("expired records match nothing; another address with no token matches nothing")
    func expiredAndForeignRecordsDoNotMatch() {
        var expired = Self.record(30, age: 10)
        expired.expiresAt = Self.now
        let foreign = Self.record(31, address: "203.0.113.50")

        #expect(
            OptoLinkMatchChain.decide(Self.query(token: expired.token), records: [expired], now: Self.now)
                == .none(sharedNetwork: false))
        #expect(
            OptoLinkMatchChain.decide(Self.query(), records: [foreign], now: Self.now) == .none(sharedNetwork: false))
    }
}

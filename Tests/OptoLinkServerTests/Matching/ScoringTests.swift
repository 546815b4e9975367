import Foundation
import Testing
@testable import OptoLinkServer

@Suite struct ScoringTests {
    let full = ClickFingerprint(platform: "iOS", osVersion: "17.4.1", deviceModel: "iPhone16,1", language: "en-US", timezone: "Europe/Berlin")
    let old: TimeInterval = 13 * 3600   // no recency bonus

    @Test func eachComponentHasItsWeight() {
        let none = ClickFingerprint()
        #expect(Scoring.score(click: none, request: none, age: old).total == 30)           // IP only
        #expect(Scoring.score(click: none, request: none, sameIP: false, age: old).total == 0)
        func only(_ f: ClickFingerprint) -> Scoring.Breakdown { Scoring.score(click: f, request: full, age: old) }
        #expect(only(ClickFingerprint(platform: "iOS")).platform == 10)
        #expect(only(ClickFingerprint(platform: "ios")).platform == 10)
        #expect(only(ClickFingerprint(osVersion: "17.4.1")).osVersion == 15)
        #expect(only(ClickFingerprint(deviceModel: "iPhone16,1")).deviceModel == 12)
        #expect(only(ClickFingerprint(language: "en-US")).language == 10)
        #expect(only(ClickFingerprint(language: "en-us")).language == 10)
        #expect(only(ClickFingerprint(timezone: "Europe/Berlin")).timezone == 10)
        #expect(only(ClickFingerprint(timezone: "Europe/Paris")).timezone == 0)
        #expect(only(ClickFingerprint(deviceModel: "iPhone15,2")).deviceModel == 0)
        #expect(Scoring.score(click: full, request: full, age: 0).total == 30 + 10 + 15 + 12 + 10 + 10 + 9)
    }

    @Test func majorOnlyOSVersionScoresEight() {
        #expect(Scoring.score(click: ClickFingerprint(osVersion: "17.2"), request: full, age: old).osVersion == 8)
        #expect(Scoring.score(click: ClickFingerprint(osVersion: "17"), request: full, age: old).osVersion == 8)
        #expect(Scoring.score(click: ClickFingerprint(osVersion: "16.4.1"), request: full, age: old).osVersion == 0)
        #expect(Scoring.score(click: ClickFingerprint(osVersion: "117.4"), request: full, age: old).osVersion == 0)
    }

    @Test func unknownFieldsNeverMatch() {
        let empty = ClickFingerprint(platform: "", osVersion: "", deviceModel: "", language: "", timezone: "")
        #expect(Scoring.score(click: empty, request: empty, age: old).total == 30)
        #expect(Scoring.score(click: ClickFingerprint(), request: ClickFingerprint(), age: old).total == 30)
    }

    static let buckets: [(Double, Int)] = [
        (0, 9), (299.9, 9), (300, 7), (1799, 7), (1800, 5), (3599, 5), (3600, 3),
        (21_599, 3), (21_600, 1), (43_199, 1), (43_200, 0), (172_800, 0),
    ]

    @Test(arguments: buckets)
    func recencyBuckets(age: Double, bonus: Int) {
        #expect(Scoring.recencyBonus(age: age) == bonus)
    }

    @Test func confidenceBoundaries() {
        #expect(Scoring.confidence(for: 65) == "low")
        #expect(Scoring.confidence(for: 69) == "low")
        #expect(Scoring.confidence(for: 70) == "medium")
        #expect(Scoring.confidence(for: 84) == "medium")
        #expect(Scoring.confidence(for: 85) == "high")
        #expect(Scoring.threshold == 65)
    }
}

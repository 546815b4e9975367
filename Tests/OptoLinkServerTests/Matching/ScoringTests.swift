import Foundation
import Testing

@testable import OptoLinkServer

@Suite struct ScoringTests {
    let full = ClickFingerprint(
        platform: "iOS", osVersion: "17.4.1", deviceModel: "iPhone16,1", language: "en-US", timezone: "Europe/Berlin")
    let old: TimeInterval = 13 * 3600  // no recency bonus

    @Test func eachComponentHasItsWeight() {
        let none = ClickFingerprint()
        #expect(Scoring.score(click: none, request: none, age: old).total == 30)  // IP only
        #expect(Scoring.score(click: none, request: none, sameIP: false, age: old).total == 0)
        func only(_ f: ClickFingerprint) -> Scoring.Breakdown { Scoring.score(click: f, request: full, age: old) }
        #expect(only(ClickFingerprint(platform: "iOS")).platform == 10)
        #expect(only(ClickFingerprint(osVersion: "17.4.1")).osVersion == 15)
        #expect(only(ClickFingerprint(deviceModel: "iPhone16,1")).deviceModel == 12)
        #expect(only(ClickFingerprint(language: "en-US")).language == 10)
        #expect(only(ClickFingerprint(timezone: "Europe/Berlin")).timezone == 10)
        #expect(only(ClickFingerprint(timezone: "Europe/Paris")).timezone == 0)
        #expect(only(ClickFingerprint(deviceModel: "iPhone15,2")).deviceModel == 0)
        #expect(Scoring.score(click: full, request: full, age: 0).total == 30 + 10 + 15 + 12 + 10 + 10 + 9)
    }

    /// Issue 13, item 8: as the real backend, platform and language must be the exact strings (ua-parser's
    /// `iOS`, a hyphenated locale); every comparison is of the exact code points, as JavaScript's `===`
    /// compares them (no case folding, no Unicode normalization).
    @Test func everyComponentIsComparedExactly() {
        func only(_ f: ClickFingerprint) -> Scoring.Breakdown { Scoring.score(click: f, request: full, age: old) }
        #expect(only(ClickFingerprint(platform: "ios")).platform == 0)
        #expect(only(ClickFingerprint(platform: "IOS")).platform == 0)
        #expect(only(ClickFingerprint(language: "en-us")).language == 0)
        #expect(only(ClickFingerprint(language: "en_US")).language == 0)
        #expect(only(ClickFingerprint(deviceModel: "iphone16,1")).deviceModel == 0)
        #expect(
            !Scoring.isExact(
                click: ClickFingerprint(platform: "ios", osVersion: "17.4.1", deviceModel: "iPhone16,1"), request: full)
        )
        #expect(
            Scoring.isExact(
                click: ClickFingerprint(platform: "iOS", osVersion: "17.4.1", deviceModel: "iPhone16,1"), request: full)
        )
        // "é" as one code point and as e + combining accent are equal Swift Strings, but not equal to the backend.
        let composed = ClickFingerprint(timezone: "Am\u{e9}rica/X")
        let decomposed = ClickFingerprint(timezone: "Ame\u{301}rica/X")
        #expect(Scoring.score(click: composed, request: decomposed, age: old).timezone == 0)
        #expect(Scoring.score(click: composed, request: composed, age: old).timezone == 10)
        #expect(
            Scoring.score(
                click: ClickFingerprint(osVersion: "1\u{e9}.1"), request: ClickFingerprint(osVersion: "1e\u{301}.2"),
                age: old
            ).osVersion == 0)
    }

    /// P2's exact test is read from the breakdown (full points for platform, OS version and model): on every
    /// pair of a small pool of values (unknown, empty, another case, the same major version, equal), it says
    /// what comparing the three fields' code points says.
    @Test func exactnessFromTheBreakdownIsTheThreeFieldsBeingKnownAndEqual() {
        let platforms: [String?] = [nil, "", "iOS", "ios", "Android"]
        let versions: [String?] = [nil, "", "17.4.1", "17.5", "17", "16.7.2"]
        let models: [String?] = [nil, "", "iPhone16,1", "iphone16,1", "Pixel 8"]
        func known(_ a: String?, _ b: String?) -> Bool {
            a.map { !$0.isEmpty && Array($0.utf8) == b.map { Array($0.utf8) } } ?? false
        }
        var exact = 0
        for platform in platforms {
            for version in versions {
                for model in models {
                    let click = ClickFingerprint(platform: platform, osVersion: version, deviceModel: model)
                    for request in [full, ClickFingerprint(platform: "iOS", osVersion: "17.5", deviceModel: "Pixel 8")]
                    {
                        let oracle =
                            known(platform, request.platform) && known(version, request.osVersion)
                            && known(model, request.deviceModel)
                        let breakdown = Scoring.score(click: click, request: request, age: old)
                        #expect(breakdown.isExact == oracle, "\(click) vs \(request)")
                        #expect(Scoring.isExact(click: click, request: request) == oracle)
                        if oracle { exact += 1 }
                    }
                }
            }
        }
        #expect(exact == 2)  // iOS 17.4.1 iPhone16,1 against `full`, iOS 17.5 Pixel 8 against the other
    }

    @Test func theBreakdownSaysWhyAComponentScoredLess() {
        // Given a browser click seen as iOS 17.5 in English, and an app that sent its platform lower-cased.
        let click = ClickFingerprint(platform: "iOS", osVersion: "17.5", language: "en-US")
        let request = ClickFingerprint(
            platform: "ios", osVersion: "17.4.1", deviceModel: "iPhone16,1", language: "en-US",
            timezone: "Europe/Berlin")
        // Then every component below its maximum says why, the sent value first.
        let reasons = Scoring.explain(click: click, request: request, age: 7 * 60)
        #expect(
            reasons == [
                #"platform 0: "ios" ≠ "iOS""#,
                #"osVersion 8: same major version only ("17.4.1" vs "17.5")"#,
                #"timezone 0: unknown on the click"#,
                #"deviceModel 0: unknown on the click"#,
                #"recency 7: click 7 min old"#,
            ])
        #expect(Scoring.explain(click: full, request: full, age: 0).isEmpty)
        #expect(
            Scoring.explain(click: full, request: ClickFingerprint(), age: 13 * 3600) == [
                "platform 0: not sent", "osVersion 0: not sent", "language 0: not sent", "timezone 0: not sent",
                "deviceModel 0: not sent",
                "recency 0: click 13 h old",
            ])
        #expect(
            Scoring.explain(click: ClickFingerprint(osVersion: "16.1"), request: full, age: 40).first
                == #"platform 0: unknown on the click"#)
        #expect(
            Scoring.explain(click: ClickFingerprint(osVersion: "16.1"), request: full, age: 40)[1]
                == #"osVersion 0: "17.4.1" ≠ "16.1""#)
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

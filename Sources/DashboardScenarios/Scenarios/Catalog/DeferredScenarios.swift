import DashboardCore
import DashboardProxy
import Foundation
import OptoLink

/// The deferred first launches: clipboard, exact fingerprint, the scored bands, the IP fallback, the
/// shared-network guard and an expired window.
enum DeferredScenarios {
    static let deferredClipboard = Scenario(
        name: "deferred-clipboard", needs: [.clipboard], links: [.main], needsDevEndpoints: false,
        plan: { t in
            let p = t.profile
            return (
                [
                    "click from another network", "first launch",
                    "\(p.label(.match)) → \(p.outcomeLabel(.clipboard))", "pasteboard cleared",
                ],
                "a click from another network puts its token on the pasteboard; the first launch matches "
                    + "CLIPBOARD exact \(t.pathLabel(.main)) and clears it"
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice(clipboardEnabled: true)
            ctx.step("click from another network")
            let click = try await ctx.click(.main, browser: ctx.browser(sameNetwork: false), onto: device)
            ctx.step("first launch")
            let link = try await ctx.firstLaunch(device)
            ctx.step("\(p.label(.match)) → \(p.outcomeLabel(.clipboard))")
            try ctx.checkDeferred(link, .clipboard)
            ctx.step("pasteboard cleared")
            try check(device.pasteboard.content == nil, "the used token \(click.token) is still on the pasteboard")
            return "\(describe(link)); the token was read once and cleared"
        })

    static let deferredFingerprintExact = Scenario(
        name: "deferred-fingerprint-exact", needs: [.exactTraits, .referenceEngine], links: [.main],
        needsDevEndpoints: true,
        devFallback: { t in
            let p = t.profile
            // A service that answers an exact match as it answers a scored one (AppsFlyer: found)
            // is told apart only by the server's log; its click page carries what the match compares.
            if p.outcomeLabel(.fingerprintExact) == p.outcomeLabel(.scored(.high)) {
                return .skip(
                    "needs /dev/match-attempts to tell FINGERPRINT_EXACT from a scored match: \(p.name) answers both "
                        + "\(p.outcomeLabel(.fingerprintExact))")
            }
            return .clickRoute(
                "needs a click carrying the device model (FINGERPRINT_EXACT compares platform, OS and model): "
                    + "the \(p.clickPage) cannot carry it, only /\(p.devClickPath) can, and the backend has "
                    + "no such route"
            )
        },
        plan: { t in
            let p = t.profile
            return (
                [
                    "click on the same Wi-Fi", "first launch, clipboard reading off",
                    "\(p.label(.match)) → \(p.outcomeLabel(.fingerprintExact))", "pasteboard untouched",
                    "server logged FINGERPRINT_EXACT",
                ],
                "clipboard reading off; a click on the same Wi-Fi with identical platform/OS/model matches "
                    + (p.service == .optoLink
                        ? "FINGERPRINT_EXACT high"
                        : "on the engine's exact rung (P2): \(p.outcomeLabel(.fingerprintExact))")
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice(clipboardEnabled: false)
            ctx.step("click on the same Wi-Fi")
            let click = try await ctx.click(.main, browser: ctx.browser(), onto: device)
            ctx.step("first launch, clipboard reading off")
            let link = try await ctx.firstLaunch(device)
            ctx.step("\(p.label(.match)) → \(p.outcomeLabel(.fingerprintExact))")
            guard try ctx.checkDeferred(link, .fingerprintExact) else { return ctx.wonByAnotherClick(link) }
            ctx.step("pasteboard untouched")
            let written = p.lacks(.clipboard) == nil ? click.token : nil
            try check(device.pasteboard.content == written, "the pasteboard was touched although reading is off")
            ctx.step("server logged FINGERPRINT_EXACT")
            guard ctx.hasMatchAttempts else {
                ctx.leaveUnchecked(["server logged FINGERPRINT_EXACT"], because: "no /dev/match-attempts")
                return "\(describe(link)); pasteboard untouched (the server's log not read: no /dev/match-attempts)"
            }
            let attempt = try await ctx.matchAttempts(of: device).first
            try check(attempt?.method == "FINGERPRINT_EXACT", "the server logged \(attempt?.method ?? "no attempt")")
            return "\(describe(link)); pasteboard untouched"
        })

    static let deferredScoredMedium = Scenario(
        name: "deferred-scored-medium", needs: [.score, .referenceEngine], links: [.main], needsDevEndpoints: true,
        withoutDevEndpoints: .pageClicks,
        plan: { t in
            let p = t.profile
            return (
                scoredSteps(p, click: "click on the same Wi-Fi, another model", confidence: .medium, band: 70..<85),
                "same Wi-Fi, only the device model differs: \(scoredText(p, .medium, "70–84")), breakdown agrees"
            )
        },
        body: { ctx in
            let model = ctx.profile.otherDeviceModel
            return try await scored(
                ctx, click: "click on the same Wi-Fi, another model", change: { $0.deviceModel = model },
                confidence: .medium, band: 70..<85)
        })

    static let deferredScoredLow = Scenario(
        name: "deferred-scored-low", needs: [.score, .referenceEngine], links: [.main], needsDevEndpoints: true,
        withoutDevEndpoints: .pageClicks,
        plan: { t in
            let p = t.profile
            return (
                scoredSteps(
                    p, click: "click on the same Wi-Fi, model, timezone, OS differ", confidence: .low, band: 65..<70),
                "same Wi-Fi; model, timezone and OS minor differ: \(scoredText(p, .low, "65–69"))"
            )
        },
        body: { ctx in
            let model = ctx.profile.otherDeviceModel
            return try await scored(
                ctx, click: "click on the same Wi-Fi, model, timezone, OS differ",
                change: {
                    $0.deviceModel = model
                    $0.timezone = "America/New_York"
                    $0.osVersion = "17.2"
                }, confidence: .low, band: 65..<70)
        })

    /// What a scored scenario expects: OptoLink's `FINGERPRINT_SCORED with medium confidence (score 70–84)`, the
    /// other services' answer named as they name it, the engine's rung said to be the engine's.
    static func scoredText(_ p: any ServiceProfile, _ confidence: MatchConfidence, _ band: String) -> String {
        p.service == .optoLink
            ? "FINGERPRINT_SCORED with \(confidence.rawValue) confidence (score \(band))"
            : "the engine scores it \(confidence.rawValue) (\(band), P2.5): \(p.outcomeLabel(.scored(confidence)))"
    }

    /// A scored match: checks method, confidence, the band, and that the server's breakdown adds up to the score.
    /// Steps: `click`, `first launch`, `<match> → <outcome>`, `score in <band>`, `breakdown adds up, guard silent`.
    /// A service whose answer carries no score (AppsFlyer) is scored by the server's decision and best candidate.
    /// The steps of ``scored(_:click:change:confidence:band:)``, in its order: the plan and the body share them.
    static func scoredSteps(
        _ p: any ServiceProfile, click: String, confidence: MatchConfidence, band: Range<Double>
    ) -> [String] {
        [
            click, "first launch", "\(p.label(.match)) → \(p.outcomeLabel(.scored(confidence)))",
            "score in \(Int(band.lowerBound))–\(Int(band.upperBound) - 1)", "breakdown adds up, guard silent",
        ]
    }

    static func scored(
        _ ctx: ScenarioContext, click: String, change: (inout FingerprintValues) -> Void, confidence: MatchConfidence,
        band: Range<Double>
    ) async throws -> String {
        let p = ctx.profile
        let steps = scoredSteps(p, click: click, confidence: confidence, band: band)
        let device = await ctx.makeDevice(clipboardEnabled: false)
        ctx.step(steps[0])
        try await ctx.click(.main, browser: ctx.browser(change), onto: device)
        // Without the dev click route the click is the redirect page's, which records no device model and no time
        // zone: the server sees both missing, whatever the scenario changed. Its verdict says so.
        let pageClick = !ctx.environment.capabilities.clickRoute
        if pageClick {
            ctx.note(
                "the click went through the \(p.clickPage), which records no device model and no time zone: the "
                    + "server sees both missing, not only what this scenario changed")
        }
        let recorded = pageClick ? " (a \(p.clickPage) click: no model and no time zone recorded)" : ""
        ctx.step(steps[1])
        let link = try await ctx.firstLaunch(device)
        ctx.step(steps[2])
        guard try ctx.checkDeferred(link, .scored(confidence)) else { return ctx.wonByAnotherClick(link) }
        ctx.step(steps[3])
        let attempt = ctx.hasMatchAttempts ? try await ctx.matchAttempts(of: device).first : nil
        let best = attempt?.breakdown?.candidates.first
        // A service whose answer carries the score (OptoLink's matchScore) is held to it; the others
        // (AppsFlyer) are scored by the server's best candidate.
        let answered = p.answersMatchScore ? (link?.matchScore ?? -1) : nil
        guard let score = answered ?? best.map({ Double($0.total) }) else {
            ctx.leaveUnchecked([steps[3], steps[4]], because: "\(p.name) answers no score, no /dev/match-attempts")
            return
                "\(describe(link)) (\(p.name) answers no score and there is no /dev/match-attempts: band not checked)"
                + recorded
        }
        try check(
            band.contains(score),
            "score \(formatScore(score)) is outside \(Int(band.lowerBound))–\(Int(band.upperBound) - 1)")
        if !p.answersMatchScore {
            try check(
                attempt?.method == "FINGERPRINT_SCORED" && attempt?.confidence == confidence.rawValue,
                "the server decided \(attempt?.method ?? "nothing") \(attempt?.confidence ?? "-"), "
                    + "not FINGERPRINT_SCORED \(confidence.rawValue)")
        }
        guard ctx.hasMatchAttempts else {
            ctx.leaveUnchecked([steps[4]], because: "no /dev/match-attempts")
            return "\(describe(link)) (\(p.clickPage) click, no model and no time zone recorded; breakdown not "
                + "checked: no /dev/match-attempts)"
        }
        ctx.step(steps[4])
        try check(
            best.map { Double($0.total) == score } ?? false,
            "the server's best candidate totals \(best.map { String($0.total) } ?? "nothing"), the SDK got "
                + "\(formatScore(score))"
        )
        try check(attempt?.breakdown?.guardFired == false, "the shared-network guard fired")
        return "\(describe(link)); breakdown \(best.map(describe) ?? "")" + recorded
    }

    static let deferredIPFuzzy = Scenario(
        name: "deferred-ip-fuzzy", needs: [.referenceEngine], links: [.main], needsDevEndpoints: true,
        withoutDevEndpoints: .pageClicks,
        plan: { t in
            let p = t.profile
            return (
                [
                    "click from an Android browser on the same Wi-Fi", "first launch",
                    "\(p.label(.match)) → \(p.outcomeLabel(.ipFuzzy))", "best fingerprint score under 65",
                ],
                "same Wi-Fi but an Android browser (score under 65): falls through to "
                    + (p.service == .optoLink
                        ? "IP_FUZZY with low confidence"
                        : "the address alone (the engine's P3): \(p.outcomeLabel(.ipFuzzy))")
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice(clipboardEnabled: false)
            ctx.step("click from an Android browser on the same Wi-Fi")
            try await ctx.click(
                .main,
                browser: ctx.browser {
                    $0.platform = "Android"
                    $0.osVersion = "14"
                    $0.deviceModel = "Pixel 8"
                    $0.language = "de-DE"
                    $0.timezone = "Asia/Tokyo"
                }, onto: device)
            ctx.step("first launch")
            let link = try await ctx.firstLaunch(device)
            ctx.step("\(p.label(.match)) → \(p.outcomeLabel(.ipFuzzy))")
            guard try ctx.checkDeferred(link, .ipFuzzy) else { return ctx.wonByAnotherClick(link) }
            ctx.step("best fingerprint score under 65")
            guard ctx.hasMatchAttempts else {
                ctx.leaveUnchecked(["best fingerprint score under 65"], because: "no /dev/match-attempts")
                return "\(describe(link)) (\(p.clickPage) click; fingerprint score not checked: no /dev/match-attempts)"
            }
            let attempt = try await ctx.matchAttempts(of: device).first
            let breakdown = attempt?.breakdown
            let best = breakdown?.candidates.first
            try check(
                attempt?.method == "IP_FUZZY", "the server logged \(attempt?.method ?? "no attempt"), not IP_FUZZY")
            try check(
                best.map { $0.total < (breakdown?.threshold ?? 65) } ?? false,
                "expected the best fingerprint score under the threshold, got \(best.map(describe) ?? "no candidate")")
            // A service that answers a 0–1 confidence (QubeRoute) answers the engine's points / 100.
            if let confidence = link?.confidenceScore, let best {
                try check(
                    abs(confidence - Double(best.total) / 100) < 0.005,
                    "\(p.name) answered confidence \(confidence), the engine scored \(best.total) points")
            }
            return
                "\(describe(link)); best fingerprint score \(best.map(describe) ?? "") < \(breakdown?.threshold ?? 65)"
        })

    static let sharedNetworkGuard = Scenario(
        name: "shared-network-guard", needs: [.sharedNetworkGuard, .referenceEngine], links: [.main],
        needsDevEndpoints: true,
        devFallback: { t in t.profile.pageClickLacks(.sharedNetworkGuard).map(DevFallback.skip) ?? .pageClicks },
        plan: { t in
            let p = t.profile
            return (
                [
                    "4 phones click on one Wi-Fi", "first launch", "no match, \(p.label(.match)) → \(p.noMatchStatus)",
                    "guard fired on more than 3 candidates ≥ 65", "no IP fallback (NONE)",
                ],
                "4 near-identical phones click on one Wi-Fi (each scores ≥ 65): the guard rejects all, no "
                    + "match and no IP fallback"
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice(clipboardEnabled: false)
            ctx.step("4 phones click on one Wi-Fi")
            for model in p.guardModels {
                try await ctx.click(.main, browser: ctx.browser { $0.deviceModel = model }, onto: device)
            }
            ctx.step("first launch")
            let link = try await ctx.firstLaunch(device)
            ctx.step("no match, \(p.label(.match)) → \(p.noMatchStatus)")
            // The guard rules the scored tier only: an exact fingerprint or a clipboard token comes first, and
            // where the run does not own the address's clicks one of someone else's may be waiting.
            if let link, !ctx.ownsClicks, let won = EngineDecision.stated(by: link),
                (won.rank ?? 0) >= (EngineDecision.fingerprintExact.rank ?? 0)
            {
                ctx.note("\(describe(link)) precedes the guard: a click this run did not make matched first")
                return ctx.wonByAnotherClick(link)
            }
            try check(link == nil, "expected no match, got \(describe(link))")
            let match = device.recorder.requests(to: .match).last
            try check(
                match?.finalStatus == p.noMatchStatus,
                "expected \(p.label(.match)) to answer \(p.noMatchStatus) (a real no-match), got "
                    + "\(match.map(describe) ?? "none")"
            )
            ctx.step("guard fired on more than 3 candidates ≥ 65")
            guard ctx.hasMatchAttempts else {
                ctx.leaveUnchecked(
                    ["guard fired on more than 3 candidates ≥ 65", "no IP fallback (NONE)"],
                    because: "no /dev/match-attempts")
                // Each page click alone scores 74 (same address, platform, OS, language, recency): only the
                // guard turns four of them into no match at all.
                return
                    "4 \(p.clickPage) clicks on one address, \(p.label(.match)) → \(p.noMatchStatus) with "
                    + "no match and no IP fallback "
                    + "(guard inferred; its breakdown not checked: no /dev/match-attempts)"
            }
            let attempt = try await ctx.matchAttempts(of: device).first
            let threshold = attempt?.breakdown?.threshold ?? 65
            let strong = attempt?.breakdown?.candidates.filter { $0.total >= threshold } ?? []
            try check(attempt?.breakdown?.guardFired == true, "the server did not report the guard firing")
            try check(strong.count > 3, "expected more than 3 candidates ≥ \(threshold), got \(strong.count)")
            ctx.step("no IP fallback (NONE)")
            try check(attempt?.method == "NONE", "expected NONE (no IP fallback), got \(attempt?.method ?? "nothing")")
            return "guard fired: \(strong.count) candidates ≥ \(threshold) on one address; result NONE"
        })

    static let windowExpired = Scenario(
        name: "window-expired", links: [.shortWindow], needsDevEndpoints: true,
        devFallback: { t in
            .clickRoute(
                "needs a click made \(t.expiredAgeText) ago: the \(t.profile.clickPage) records a click "
                    + "when it is made, "
                    + "only /\(t.profile.devClickPath) can date one back, and the backend has no such route")
        },
        plan: { t in
            let p = t.profile
            let link = t.linkLabel(.shortWindow)
            let ago = t.expiredAgeText
            let window =
                t.link(.shortWindow)?.window.map { "\(formatWindow($0)) window" }
                ?? (t.service == .optoLink
                    ? "any window: the contract allows 720 h at most" : "the reference server's windows: 720 h at most")
            return (
                [
                    "click on \(link) \(ago) ago", "first launch", "no match, \(p.label(.match)) → \(p.noMatchStatus)",
                    "server logged NONE",
                ],
                "a click on \(link) (\(window)) made \(ago) ago"
                    + (p.lacks(.clipboard) == nil ? ", token on the pasteboard" : "") + ": no match"
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice(clipboardEnabled: true)
            let age = ctx.target.expiredAge
            ctx.step("click on \(ctx.target.linkLabel(.shortWindow)) \(ctx.target.expiredAgeText) ago")
            let click = try await ctx.click(.shortWindow, browser: ctx.browser(), ageSeconds: age, onto: device)
            ctx.step("first launch")
            let link = try await ctx.firstLaunch(device)
            ctx.step("no match, \(p.label(.match)) → \(p.noMatchStatus)")
            let outcome = try ctx.checkNoLink(
                link, expected: "no match for the expired click", ownPath: ctx.target.link(.shortWindow)?.path)
            let match = device.recorder.requests(to: .match).last
            try check(
                link != nil || match?.finalStatus == p.noMatchStatus,
                "expected \(p.label(.match)) to answer \(p.noMatchStatus) (a real no-match), got "
                    + "\(match.map(describe) ?? "none")"
            )
            ctx.step("server logged NONE")
            guard ctx.hasMatchAttempts else {
                ctx.leaveUnchecked(["server logged NONE"], because: "no /dev/match-attempts")
                return "click expired at \(click.expiresAt ?? "?"): \(outcome) "
                    + "(the server's log not read: no /dev/match-attempts)"
            }
            let attempt = try await ctx.matchAttempts(of: device).first
            try check(attempt?.method == "NONE", "the server logged \(attempt?.method ?? "no attempt")")
            return "click expired at \(click.expiresAt ?? "?"): \(p.label(.match)) → \(p.noMatchStatus) NONE"
        })
}

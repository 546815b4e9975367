import Foundation
import OptoLink
import OptoLinkHTTP
import OptoLinkLabEngine
import OptoLinkServer
import Testing

@testable import DashboardLab

/// Cases computed by hand from seed 000's points: IP 30, platform 10, OS version 15 (major only 8), language 10,
/// time zone 10, model 12, recency 9/7/5/3/1 under 5 min/30 min/1 h/6 h/12 h; threshold 65; guard > 3.
@Suite("Lab: the in-process engine, cases computed by hand")
struct InProcessLabEngineTests {
    @Test func oneInstallAloneOnItsAddressWithTheSameDeviceMatchesItsClickOnEveryService() async throws {
        // Given one phone that clicks and opens the app a minute later on the same home Wi-Fi, nothing on the
        // pasteboard
        let devices = [LabFixtures.device(.clicked, click: 0, launch: 60)]

        // When each service's wire format decides it
        let optoLink = try await LabFixtures.run(devices, service: .optoLink).outcomes[0]
        let appsFlyer = try await LabFixtures.run(devices, service: .appsFlyer).outcomes[0]
        let deepBlue = try await LabFixtures.run(devices, service: .deepBlue).outcomes[0]
        let quberoute = try await LabFixtures.run(devices, service: .quberoute).outcomes[0]

        // Then it matches its own click. OptoLink's redirect page records no model, so P2 cannot fire: it scores
        // 30 + 10 + 15 + 10 + 9 = 74. AppsFlyer's click records the family from the User-Agent and its request
        // the family of `type`: platform, OS and family equal, P2 exact. Deep Blue compares time zone, screen and
        // language (its app's User-Agent names no platform): 30 + 10 + 12 + 10 + 9 = 71. QubeRoute's match carries
        // the app's Accept-Language alone: 30 + 10 + 9 = 49 < 65, so P3 takes the address's only click.
        #expect(optoLink.outcome == .correct && optoLink.method == .scored && optoLink.score == 74)
        #expect(appsFlyer.outcome == .correct && appsFlyer.method == .exact)
        #expect(deepBlue.outcome == .correct && deepBlue.method == .scored && deepBlue.score == 71)
        #expect(quberoute.outcome == .correct && quberoute.method == .ip && quberoute.score == 49)
        for outcome in [optoLink, appsFlyer, deepBlue, quberoute] { #expect(outcome.matchedClick == 0) }
    }

    @Test func theClipboardTokenMatchesWhenThePageWroteItAndTheUserAllowsThePaste() async throws {
        // Given the same phone, its click page having put the token on the pasteboard
        var device = LabFixtures.device(.clicked, click: 0, launch: 60)
        device.flags = [.clipboardWritten, .clipboardRead, .clipboardAllowed]

        // When OptoLink decides it
        let outcome = try await LabFixtures.run([device]).outcomes[0]

        // Then P1 matches it by the token, with no score
        #expect(outcome.outcome == .correct && outcome.method == .clipboard && outcome.score == nil)
    }

    @Test func fiveIdenticalPhonesBehindOneAddressAllGoUnmatchedAndNoneIsAttributedWrongly() async throws {
        // Given five identical phones on one home Wi-Fi that all click within the first second, and open the app
        // ten minutes later (nothing on the pasteboard)
        let devices = (0..<5).map { LabFixtures.device(.clicked, click: Double($0) * 0.1, launch: 600 + Double($0)) }

        // When OptoLink decides them
        let run = try await LabFixtures.run(devices)
        let report = LabServiceReport(run: run)

        // Then every first open sees five candidates at 30 + 10 + 15 + 10 + 7 = 72 ≥ 65: more than 3, so the
        // guard rejects them all, every time
        #expect(report.counts.missed == 5)
        #expect(report.counts.wrongClick == 0 && report.counts.correct == 0)
        #expect(report.guardFired == 5)
    }

    /// An organic install on a carrier address holding other devices' clicks (8 clicks, 2 like the install's
    /// device and 6 not), ten minutes later: what the chain does follows from the points alone.
    func organicOnCarrier(similar: Int, policy: DirectMatcher.Policy = .seed) async throws -> (LabOutcome, Int) {
        var devices = (0..<8).map { index in
            LabFixtures.device(
                .abandoned, click: Double(index) * 10, traits: index < similar ? 0 : 1, network: .cellular, pool: 0)
        }
        devices.append(LabFixtures.device(.organic, launch: 670, network: .cellular, pool: 0))
        let run = try await LabFixtures.run(devices, policy: policy)
        return (run.outcomes[8], 8)
    }

    @Test func anOrganicInstallOnACarrierAddressFullOfClicksIsAFalseMatchExactlyAsTheScoringSays() async throws {
        // Given 2 similar clicks (30 + 10 + 15 + 10 + 7 = 72)
        // and 6 others (another major and language: 30 + 10 + 7 = 47)
        // When the organic install opens
        let (two, _) = try await organicOnCarrier(similar: 2)
        // Then two qualify, not more than 3: P2.5 takes the best, the newer of the two 72s (click 1)
        #expect(two.outcome == .falseMatch && two.method == .scored && two.score == 72 && two.matchedClick == 1)

        // Given 5 similar clicks: more than 3 qualify, the guard rejects them all
        let (five, _) = try await organicOnCarrier(similar: 5)
        #expect(five.outcome == .correctNoMatch && five.guardFired)

        // Given none similar: nothing reaches 65, P3 takes the newest click on the address (click 7)
        let (none, _) = try await organicOnCarrier(similar: 0)
        #expect(none.outcome == .falseMatch && none.method == .ip && none.matchedClick == 7 && none.score == 47)

        // Given none similar and a backend without P3: nothing matches
        var noFallback = DirectMatcher.Policy.seed
        noFallback.ipFallback = false
        let (strict, _) = try await organicOnCarrier(similar: 0, policy: noFallback)
        #expect(strict.outcome == .correctNoMatch && !strict.guardFired)
    }

    @Test func withTheSeedsGuardARaisedThresholdCanTurnACorrectNoMatchIntoAFalseMatch() async throws {
        // Given 5 similar clicks (72 each), which make the guard fire at threshold 65
        var raised = DirectMatcher.Policy.seed
        raised.threshold = 75

        // When the threshold is raised above their score
        let (atSeed, _) = try await organicOnCarrier(similar: 5)
        let (atRaised, _) = try await organicOnCarrier(similar: 5, policy: raised)

        // Then none qualifies, so the guard no longer fires and P3 matches the newest click: the seed's chain does
        // not make false matches fall as the threshold rises (the property holds without the guard and P3)
        #expect(atSeed.outcome == .correctNoMatch)
        #expect(atRaised.outcome == .falseMatch && atRaised.method == .ip)
    }

    @Test func aPrivateRelayInstallWithTheClipboardDeniedCannotMatchItsClickWithoutTheAddressPoints() async throws {
        // Given a phone whose Safari click went through Private Relay (a relay address) and whose app opens from
        // its home Wi-Fi; the page wrote the token, the user denies the paste
        var device = LabFixtures.device(
            .clicked, click: 0, launch: 60, flags: [.relay, .clipboardWritten, .clipboardRead])
        device.relayGroup = 0

        // When OptoLink decides it
        let run = try await LabFixtures.run([device])
        let explanation = try #require(
            InProcessLabEngine().explain(device: 0, in: LabJob(population: run.job.population, service: .optoLink)))

        // Then its click waits under the relay address: the chain scores no candidate on the home address, and
        // without the address's 30 points its own click would score 10 + 15 + 10 + 9 = 44 < 65 anyway: missed
        #expect(run.outcomes[0].outcome == .missed)
        #expect(explanation.candidates.isEmpty && explanation.decision.candidates == 0)
        #expect(run.job.population.click(of: 0)!.address != run.job.population.launch(of: 0)!.address)

        // And with the paste allowed, the token matches it whatever the address
        device.flags.insert(.clipboardAllowed)
        #expect(try await LabFixtures.run([device]).outcomes[0].outcome == .correct)
    }

    @Test func explainingAnInstallGivesTheBreakdownPaneItsCandidates() async throws {
        // Given the carrier address with 2 similar clicks and 6 others, and an organic install
        var devices = (0..<8).map { index in
            LabFixtures.device(.abandoned, click: Double(index) * 10, traits: index < 2 ? 0 : 1, network: .cellular)
        }
        devices.append(LabFixtures.device(.organic, launch: 670, network: .cellular))
        let job = LabJob(population: LabPopulation(model: LabFixtures.model(), devices: devices), service: .optoLink)

        // When its decision is explained
        let explanation = try #require(InProcessLabEngine().explain(device: 8, in: job))
        let attempt = explanation.attempt

        // Then the row carries the chain's candidates, best first, with their points
        #expect(explanation.outcome == .falseMatch)
        #expect(attempt.method == "FINGERPRINT_SCORED" && attempt.score == 72 && attempt.matched)
        let breakdown = try #require(attempt.breakdown)
        #expect(breakdown.threshold == 65 && !breakdown.guardFired)
        #expect(breakdown.candidates.map(\.total) == [72, 72, 47, 47, 47, 47, 47, 47])
        #expect(breakdown.candidates[0].shortCode == "click 1" && breakdown.candidates[0].points[.osVersion] == 15)
        #expect(InProcessLabEngine().explain(device: 0, in: job) == nil)  // a click that never installed
    }

    @Test func aCancelledRunStopsWithCancellationError() async throws {
        // Given a population of more events than the engine checks between cancellation points
        let population = LabPopulation.generate(LabModel(), installs: 3_000)
        let job = LabJob(population: population, service: .optoLink)

        // When the task running it is cancelled before it starts
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await InProcessLabEngine().run(job, progress: { _ in })
        }

        // Then it throws CancellationError instead of finishing
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func progressEndsWithEveryInstallDecided() async throws {
        // Given a population and a clock that moves a second per reading
        let population = LabPopulation.generate(LabModel(), installs: 2_000)
        let ticks = Locked(0.0)
        let engine = InProcessLabEngine(now: {
            ticks.withLock {
                $0 += 1
                return $0
            }
        })
        let reports = Locked([LabProgress]())

        // When it runs
        _ = try await engine.run(LabJob(population: population, service: .optoLink)) { progress in
            reports.withLock { $0.append(progress) }
        }

        // Then the reports rise to every install, with a rate and no time left at the end
        let seen = reports.withLock { $0 }
        #expect(seen.map(\.done) == seen.map(\.done).sorted())
        #expect(seen.last?.done == 2_000 && seen.last?.total == 2_000 && seen.last?.fraction == 1)
        #expect(seen.last?.remaining == 0 && (seen.last?.perSecond ?? 0) > 0)
    }
}

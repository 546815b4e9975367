import OptoLink
import OptoLinkS2S
import Testing

@testable import DashboardCore
@testable import DashboardLab

/// Each service names a match once, whether the reference engine's decision or the service's answer tells it.
@Suite("Service profiles: one name per match method")
struct MethodNameTests {
    @Test func theEnginesDecisionAndTheServicesAnswerGetTheSameName() {
        // Given the engine's decisions and the answers each service gives for them, as the SDK reads them
        let cases: [(OptoLinkService, engine: String, answer: LinkSummary, name: String)] = [
            (.optoLink, "IP_FUZZY", LinkSummary(path: "/", method: "IP_FUZZY"), "IP_FUZZY"),
            (
                .quberoute, "IP_FUZZY", LinkSummary(path: "/", method: "FINGERPRINT_SCORED", matchType: "ip_address"),
                "probabilistic ip_address"
            ),
            (
                .quberoute, "FINGERPRINT_SCORED",
                LinkSummary(path: "/", method: "FINGERPRINT_SCORED", matchType: "fingerprint"),
                "probabilistic fingerprint"
            ),
            (
                .quberoute, "INSTALL_REFERRER",
                LinkSummary(path: "/", method: "FINGERPRINT_EXACT", matchType: "referrer"), "exact referrer"
            ),
            (
                .appsFlyer, "FINGERPRINT_EXACT",
                LinkSummary(path: "/", method: "FINGERPRINT_SCORED", matchType: "probabilistic"), "probabilistic"
            ),
            (
                .deepBlue, "IP_FUZZY", LinkSummary(path: "/", method: "FINGERPRINT_SCORED", matchType: "sandbox"),
                "check-deferred"
            ),
        ]
        for (service, engine, answer, name) in cases {
            // When its profile names both
            let profile = ServiceProfiles.profile(for: service)
            // Then they are one name
            #expect(profile.methodName(for: .engine(engine)) == name, "\(service) engine \(engine)")
            #expect(profile.methodName(for: .answer(answer)) == name, "\(service) answer \(answer.method)")
        }
    }

    @Test func directOpensKeepTheSDKsLabelAndNoMatchIsSaidInTheServicesWords() {
        for service in OptoLinkService.allCases {
            let profile = ServiceProfiles.profile(for: service)
            #expect(profile.methodName(for: .answer(LinkSummary(path: "/", method: "DIRECT"))) == "DIRECT")
            #expect(profile.methodName(for: .engine("NONE")) == (service == .optoLink ? "NONE" : "no match"))
        }
    }

    @Test func aLabRowIsNamedByItsOwnServiceNotTheRuns() {
        // Given an OptoLink run whose Lab explained a QubeRoute install the engine matched by its address
        var state = DashboardState()
        var attempt = MatchAttempt(id: "lab-quberoute-7", matched: true, method: "IP_FUZZY", confidence: "low")
        attempt.service = OptoLinkService.quberoute.rawValue
        let own = MatchAttempt(id: "a1", matched: true, method: "IP_FUZZY", confidence: "low")
        DashboardReducer.reduce(&state, .matchAttemptsLoaded([own]))
        // Then the Lab's row speaks QubeRoute's words and the run's own row OptoLink's
        #expect(state.methodName(of: attempt) == "probabilistic ip_address")
        #expect(state.methodName(of: own) == "IP_FUZZY")
    }

    @Test func outcomeLabelsUseOnlyTheServicesDocumentedWords() {
        #expect(OptoLinkServiceProfile().outcomeLabel(.ipFuzzy) == "IP_FUZZY low")
        #expect(QubeRouteServiceProfile().outcomeLabel(.ipFuzzy) == "probabilistic, confidence < 1")
        #expect(AppsFlyerServiceProfile().outcomeLabel(.fingerprintExact) == "found")
    }
}

@Suite("A deployment's deferred match is held to what its service documents")
struct DocumentedMatchTests {
    @Test func aDeepBlueDeploymentMayLeaveOutTheOptionalIsSandbox() throws {
        // Given check-deferred's link without isSandbox (the guide types it Bool?)
        let link = OptoLinkData(
            linkId: "7", path: "/promo/summer", matchType: .fingerprintScored, isDeferred: true, service: .deepBlue)
        // Then a deployment passes; the reference emulation, which sends it, must see the SDK keep it
        let profile = DeepBlueServiceProfile()
        try profile.check(link, decision: .scored(.medium), path: "/promo/summer", engineKnown: false)
        let onTheEmulation = Result {
            try profile.check(link, decision: .scored(.medium), path: "/promo/summer", engineKnown: true)
        }
        #expect((try? onTheEmulation.get()) == nil)
    }

    @Test func anAppsFlyerDeploymentMayAnswerAnyOfSeed003sMatchTypes() throws {
        // Given found clicks carrying each of seed 003's match types, on the link's path
        let profile = AppsFlyerServiceProfile()
        for type in AppsFlyerMatchType.documented.map(\.rawValue) {
            let link = OptoLinkData(
                linkId: nil, path: "/summer_promo", matchType: .fingerprintScored, isDeferred: true,
                service: .appsFlyer, providerFields: ["match_type": .string(type)])
            // Then a deployment passes with any of them; the reference emulation only with its own, probabilistic
            try profile.check(link, decision: .fingerprintExact, path: nil, engineKnown: false)
            let onTheEmulation = Result {
                try profile.check(link, decision: .fingerprintExact, path: nil, engineKnown: true)
            }
            #expect(((try? onTheEmulation.get()) != nil) == (type == "probabilistic"), "\(type)")
        }
    }
}

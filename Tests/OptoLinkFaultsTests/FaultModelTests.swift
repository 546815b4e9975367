import OptoLinkFaults
import Testing

/// The one fault model: what `/dev/faults` carries, and the plan's decision per request.
@Suite("Fault model")
struct FaultModelTests {
    @Test func theWireKindsRoundTripAnd429IsRateLimitedForOneSecond() {
        // Given each kind /dev/faults takes
        let status = Fault(kind: "status", status: 503, delaySeconds: nil)
        let tooMany = Fault(kind: "status", status: 429, delaySeconds: nil)
        let delay = Fault(kind: "delay", status: nil, delaySeconds: 2.5)
        let drop = Fault(kind: "drop", status: nil, delaySeconds: nil)
        // Then each reads as the fault it names, and goes back on the wire the same
        #expect(status == .status(503, retryAfter: nil))
        #expect(tooMany == .rateLimited(retryAfter: 1))
        #expect(delay == .delay(2.5))
        #expect(drop == .dropBeforeUpstream)
        #expect(status?.wire?.kind == "status" && status?.wire?.status == 503)
        #expect(tooMany?.wire?.status == 429)
        #expect(delay?.wire?.delaySeconds == 2.5)
        #expect(drop?.wire?.kind == "drop")
    }

    @Test func aKindWithoutItsValueOrUnknownIsNoFault() {
        #expect(Fault(kind: "status", status: nil, delaySeconds: nil) == nil)
        #expect(Fault(kind: "delay", status: nil, delaySeconds: nil) == nil)
        #expect(Fault(kind: "explode", status: 500, delaySeconds: 1) == nil)
        // and what only the proxy can do has no wire form
        #expect(Fault.dropAfterUpstream.wire == nil)
        #expect(Fault.trickle(bytes: 16, interval: 0.5).wire == nil)
    }

    @Test func rulesAreUsedInOrderAndRemovedWhenUsedUp() {
        // Given two rules, the first for two requests
        var plan = FaultPlan(rules: [
            FaultRule(route: "match", fault: .status(503, retryAfter: nil), count: 2),
            FaultRule(route: "any", fault: .delay(1), count: 1),
        ])
        // When three match requests and one events request come
        let covers = { (family: String) in { (route: String) in route == "any" || route == family } }
        let first = plan.decide(covers: covers("match"))
        let second = plan.decide(covers: covers("match"))
        let third = plan.decide(covers: covers("match"))
        let fourth = plan.decide(covers: covers("events"))
        // Then the first rule answers twice (1 of 2, 2 of 2), then `any` once, then nothing
        #expect(first == .init(fault: .status(503, retryAfter: nil), route: "match", use: 1, of: 2))
        #expect(second.use == 2 && second.of == 2)
        #expect(third == .init(fault: .delay(1), route: "any", use: 1, of: 1))
        #expect(fourth == .pass && !fourth.isInjected)
        #expect(plan.rules.isEmpty)
    }

    @Test func clearingOneRouteKeepsTheOthers() {
        var plan = FaultPlan()
        plan.add(FaultRule(route: "match", fault: .dropBeforeUpstream, count: 0))
        plan.add(FaultRule(route: "any", fault: .dropBeforeUpstream, count: 3))
        #expect(plan.rules.first?.remaining == 1)
        plan.clear(route: "match")
        #expect(plan.rules.map(\.route) == ["any"])
        plan.clear()
        #expect(plan.rules.isEmpty)
    }
}

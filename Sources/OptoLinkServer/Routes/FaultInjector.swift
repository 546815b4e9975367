import Foundation
import OptoLinkFaults
import OptoLinkHTTP

/// Pending injected faults (`/dev/faults`): the next `count` requests of a route family fail as told.
/// `route` is `match`, `data`, `sdk`, `events`, an emulated route's name (`qr-resolve`, `dbl-check-deferred`,
/// `af-deeplink`…, see ``EmulatedService/faultRoutes``) or `any` (every route except `/dev/*` and `/health`).
/// Faults are used in the order they were added.
final class FaultInjector: Sendable {
    /// Every fault route name, in the order error messages list them: OptoLink's families, each emulated
    /// route's own name (``EmulatedService/faultRoutes``), then `any`.
    static let routeNames: [String] = ["match", "data", "sdk", "events"] + EmulatedService.faultRoutes + ["any"]

    static let routes = Set(routeNames)

    private let plan = Locked(FaultPlan())

    /// Adds a fault.
    func add(_ rule: FaultRule) { plan.withLock { $0.add(rule) } }

    /// Removes every fault.
    func clear() { plan.withLock { $0.clear() } }

    /// Removes the faults of one route family (`any` clears only the faults given for `any`).
    func clear(route: String) { plan.withLock { $0.clear(route: route) } }

    /// What is pending.
    var all: [FaultRule] { plan.withLock { $0.rules } }

    /// Takes one use of the first fault that applies to a request of `family` (nil = only `any`).
    func consume(family: String?) -> Fault? {
        let decision = plan.withLock { $0.decide { $0 == "any" || $0 == family } }
        return decision.isInjected ? decision.fault : nil
    }
}

extension FaultRule {
    /// The rule as `GET /dev/faults` lists it: `{route, kind, status?, delaySeconds?, remaining}`.
    var json: JSON {
        var object: [String: JSON] = ["route": .string(route), "remaining": .number(Double(remaining))]
        if let wire = fault.wire {
            object["kind"] = .string(wire.kind)
            if let status = wire.status { object["status"] = .number(Double(status)) }
            if let delaySeconds = wire.delaySeconds { object["delaySeconds"] = .number(delaySeconds) }
        }
        return .object(object)
    }
}

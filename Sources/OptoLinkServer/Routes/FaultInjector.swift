import Foundation
import OptoLinkHTTP

/// Pending injected faults (`/dev/faults`): the next `count` requests of a route family fail as told.
/// `route` is `match`, `data`, `sdk`, `events`, an emulated route's name (`qr-resolve`, `dbl-check-deferred`,
/// `af-deeplink`…, see ``EmulatedService/faultRoutes``) or `any` (every route except `/dev/*` and `/health`).
/// Faults are used in the order they were added.
final class FaultInjector: Sendable {
    /// How a request fails.
    enum Kind: String, Sendable {
        /// Answer `status` with the envelope (429 also gets `Retry-After: 1`).
        case status
        /// Wait `delaySeconds`, then answer normally.
        case delay
        /// Close the connection without answering.
        case drop
    }

    /// One pending fault.
    struct Fault: Sendable, Hashable {
        var route: String
        var kind: Kind
        var status: Int?
        var delaySeconds: Double?
        var remaining: Int

        var json: JSON {
            var object: [String: JSON] = [
                "route": .string(route), "kind": .string(kind.rawValue), "remaining": .number(Double(remaining)),
            ]
            if let status { object["status"] = .number(Double(status)) }
            if let delaySeconds { object["delaySeconds"] = .number(delaySeconds) }
            return .object(object)
        }
    }

    /// Every fault route name, in the order error messages list them: OptoLink's families, each emulated
    /// route's own name (``EmulatedService/faultRoutes``), then `any`.
    static let routeNames: [String] = ["match", "data", "sdk", "events"] + EmulatedService.faultRoutes + ["any"]

    static let routes = Set(routeNames)

    private let pending = Locked([Fault]())

    /// Adds a fault.
    func add(_ fault: Fault) { pending.withLock { $0.append(fault) } }

    /// Removes every fault.
    func clear() { pending.withLock { $0.removeAll() } }

    /// Removes the faults of one route family (`any` clears only the faults given for `any`).
    func clear(route: String) { pending.withLock { $0.removeAll { $0.route == route } } }

    /// What is pending.
    var all: [Fault] { pending.withLock { $0 } }

    /// Takes one use of the first fault that applies to a request of `family` (nil = only `any`).
    func consume(family: String?) -> Fault? {
        pending.withLock { list in
            guard let index = list.firstIndex(where: { $0.route == "any" || $0.route == family }) else { return nil }
            let fault = list[index]
            list[index].remaining -= 1
            if list[index].remaining <= 0 { list.remove(at: index) }
            return fault
        }
    }
}

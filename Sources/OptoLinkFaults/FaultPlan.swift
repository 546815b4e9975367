/// Pending fault rules and the pure decision for each request: state + request → decision.
///
/// Rules are used in the order they were added; the first one whose route covers the request takes one use (and
/// is removed once used up); a request no rule covers passes. No clock, no socket: the server and the proxy each
/// hold one plan under a lock and ask it once per request, each with its own idea of which routes cover it.
package struct FaultPlan: Sendable, Hashable {
    /// What to do with one request, and why.
    package struct Decision: Sendable, Hashable {
        /// What happens.
        package var fault: Fault
        /// The route of the rule that decided (nil: no rule, the request passes).
        package var route: String?
        /// Which use of the rule this is, and of how many (`1 of 2`).
        package var use: Int
        /// How many uses the rule has in all.
        package var of: Int

        /// A decision: `fault`, by the rule on `route` (nil: none), its use `use` of `of`.
        package init(fault: Fault, route: String?, use: Int, of: Int) {
            self.fault = fault
            self.route = route
            self.use = use
            self.of = of
        }

        /// The decision for a request no rule covers.
        package static let pass = Decision(fault: .pass, route: nil, use: 0, of: 0)

        /// Whether anything changes (everything except a plain pass).
        package var isInjected: Bool { fault != .pass }
    }

    /// Pending rules, oldest first.
    package private(set) var rules: [FaultRule]

    /// A plan with `rules` pending.
    package init(rules: [FaultRule] = []) {
        self.rules = rules
    }

    /// Adds a rule after the pending ones.
    package mutating func add(_ rule: FaultRule) { rules.append(rule) }

    /// Removes every pending rule.
    package mutating func clear() { rules.removeAll() }

    /// Removes the rules given for `route` (`any` removes only the rules given for `any`).
    package mutating func clear(route: String) { rules.removeAll { $0.route == route } }

    /// Decides what happens to a request whose routes `covers` accepts, and takes one use of the rule that
    /// decided.
    package mutating func decide(covers: (String) -> Bool) -> Decision {
        guard let index = rules.firstIndex(where: { covers($0.route) }) else { return .pass }
        var rule = rules[index]
        let decision = Decision(
            fault: rule.fault, route: rule.route, use: rule.total - rule.remaining + 1, of: rule.total)
        rule.remaining -= 1
        if rule.remaining <= 0 { rules.remove(at: index) } else { rules[index] = rule }
        return decision
    }
}

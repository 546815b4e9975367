/// The proxy's pending faults and the pure decision for each request: state + request → decision.
///
/// Rules are used in the order they were added; the first one whose route covers the request takes one
/// use (and is removed once used up); a request no rule covers passes. No clock, no socket: the proxy
/// holds one plan under a lock and asks it once per request.
package struct FaultPlan: Sendable, Hashable {
    /// What to do with one request, and why.
    package struct Decision: Sendable, Hashable {
        /// What happens.
        package var fault: ProxyFault
        /// The rule that decided (nil: no rule, the request passes).
        package var route: String?
        /// Which use of the rule this is, and of how many (`1 of 2`).
        package var use: Int
        /// How many uses the rule has in all.
        package var of: Int

        /// The decision for a request no rule covers.
        package static let pass = Decision(fault: .pass, route: nil, use: 0, of: 0)

        /// Whether the proxy changes anything (everything except a plain pass).
        package var isInjected: Bool { fault != .pass }

        /// `503 on match (1 of 2)`.
        package var label: String {
            guard let route else { return "pass" }
            return "\(fault.label) on \(route) (\(use) of \(of))"
        }
    }

    /// Pending rules, oldest first.
    package private(set) var rules: [ProxyFaultRule]

    /// A plan with `rules` pending.
    package init(rules: [ProxyFaultRule] = []) {
        self.rules = rules
    }

    /// Adds a rule after the pending ones.
    package mutating func add(_ rule: ProxyFaultRule) { rules.append(rule) }

    /// Removes every pending rule.
    package mutating func clear() { rules.removeAll() }

    /// Decides what happens to `method path` (`path` without its query) and takes one use of the rule
    /// that decided.
    package mutating func decide(method: String, path: String) -> Decision {
        let bare =
            path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        guard let index = rules.firstIndex(where: { $0.applies(toPath: bare) }) else { return .pass }
        var rule = rules[index]
        let decision = Decision(
            fault: rule.fault, route: rule.route, use: rule.total - rule.remaining + 1, of: rule.total)
        rule.remaining -= 1
        if rule.remaining <= 0 { rules.remove(at: index) } else { rules[index] = rule }
        return decision
    }
}

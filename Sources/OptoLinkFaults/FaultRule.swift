/// One pending fault: the next `remaining` requests on `route` get `fault`.
///
/// What `route` names is the holder's: a route family of `/dev/faults` (`match`, `events`, an emulated route's
/// name, `any`), or for the proxy also a path prefix (`/links`).
package struct FaultRule: Sendable, Hashable {
    /// The requests it applies to.
    package var route: String
    /// What happens.
    package var fault: Fault
    /// How many more requests it applies to (it is removed at 0).
    package var remaining: Int
    /// How many it was added for (for `1 of 2` in a log).
    package var total: Int

    /// A rule for the next `count` requests (at least one).
    package init(route: String, fault: Fault, count: Int) {
        self.route = route
        self.fault = fault
        self.remaining = max(1, count)
        self.total = max(1, count)
    }

    /// The same rule on another route (the proxy's name for a route the server names otherwise), uses kept.
    package func on(route: String) -> FaultRule {
        var rule = self
        rule.route = route
        return rule
    }
}

import OptoLinkFaults

extension FaultPlan {
    /// Decides what happens to a request for `path` (it may carry a query) as the proxy covers routes
    /// (``ProxyRoute``), and takes one use of the rule that decided.
    package mutating func decide(path: String) -> Decision {
        let bare =
            path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        return decide { ProxyRoute.applies(route: $0, toPath: bare) }
    }
}

extension FaultPlan.Decision {
    /// `503 on match (1 of 2)`.
    package var label: String {
        guard let route else { return "pass" }
        return "\(fault.label) on \(route) (\(use) of \(of))"
    }
}

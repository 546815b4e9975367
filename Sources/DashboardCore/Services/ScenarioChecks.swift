import OptoLink

// Helpers for scenario bodies: the FAIL-on-missing trace and the text of detail lines.

/// The trace, or a FAIL saying the request never happened.
package func requireTrace(_ trace: RequestTrace?) throws(DashboardError) -> RequestTrace {
    guard let trace else { throw .scenario("the request was never sent") }
    return trace
}

/// `METHOD confidence score path (deferred)` of a link, for detail lines, the method under its service's
/// name for it, with the other services' own answer fields in brackets (`[reason ip_address, confidence 0.49]`).
package func describe(_ link: OptoLinkData?) -> String {
    guard let link else { return "no link" }
    let name = ServiceProfiles.profile(for: link.service).methodName(for: .answer(DiagnosticMapper.summary(link)))
    return "\(name) \(link.confidence?.rawValue ?? "-")"
        + (link.matchScore.map { " score \(formatScore($0))" } ?? "") + " \(link.path)"
        + (link.isDeferred ? " (deferred)" : "") + (DiagnosticMapper.serviceDetail(link).map { " [\($0)]" } ?? "")
}

/// `503, wait 1.0s, 503, wait 2.0s, 200` for a request.
package func describe(_ trace: RequestTrace) -> String {
    var parts: [String] = []
    for attempt in trace.attempts {
        parts.append(attempt.status.map(String.init) ?? (attempt.error ?? "no answer"))
        if let wait = trace.waits.first(where: { $0.afterAttempt == attempt.number }) {
            parts.append("wait \(formatSeconds(wait.delay))")
        }
    }
    if let reason = trace.gaveUpReason { parts.append("gave up (\(reason))") }
    return parts.joined(separator: ", ")
}

/// The per-component points of a candidate, `ip 30 plat 10 …`.
package func describe(_ candidate: MatchCandidate) -> String {
    ScoreComponent.allCases.map { "\($0.shortLabel) \(candidate.points[$0] ?? 0)" }.joined(separator: " ")
        + " = \(candidate.total)"
}

/// Fails the running scenario with `detail` unless `condition` holds.
package func check(_ condition: Bool, _ detail: @autoclosure () -> String) throws(DashboardError) {
    if !condition { throw .scenario(detail()) }
}

import OptoLink

extension DashboardState {
    /// The name the run's service gives how `attempt` matched (``ServiceProfile/methodName(for:)``): the
    /// Matches pane's column, its winner line, the filter and report.md read it.
    package func methodName(of attempt: MatchAttempt) -> String {
        if let without = attempt.withoutMatchAnswer { return without }
        let service = attempt.service.flatMap(OptoLinkService.init(rawValue:)) ?? header.provider
        return ServiceProfiles.profile(for: service).methodName(for: .attempt(attempt))
    }

    /// The name the run's service gives how `link` reached the app: the log, the profile pane and the
    /// headless timeline read it.
    package func methodName(of link: LinkSummary) -> String {
        ServiceProfiles.profile(for: header.provider).methodName(for: .answer(link))
    }

    /// The name the run's service gives a match the reference engine decided as `method` (a winner's).
    package func methodName(ofEngine method: String) -> String {
        ServiceProfiles.profile(for: header.provider).methodName(for: .engine(method))
    }
}

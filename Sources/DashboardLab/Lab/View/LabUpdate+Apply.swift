import DashboardCore

/// What each lab update does to the dashboard: the Lab view's run and result, a line in the log, and an
/// explained install in the match attempts.
extension LabUpdate {
    /// Applies the update to the Lab view's panel and the log.
    package func apply(to state: inout DashboardState) {
        switch self {
        case .started(let lab, let services, let installs):
            // No total until the first progress: the population is still being drawn.
            state.lab.phase = .running(LabProgress(done: 0, total: 0, elapsed: 0))
            state.lab.lab = lab
            state.lab.runServices = services
            state.overlay = .lab
            DashboardReducer.appendLog(
                &state,
                LogLine(
                    time: state.now, level: .info,
                    text: "lab \(lab) started: \(LabValue.grouped(installs)) installs through "
                        + services.map(\.displayName).joined(separator: ", "),
                    awaitsClock: true))
        case .progress(let progress):
            if state.lab.isRunning { state.lab.phase = .running(progress) }
        case .finished(let result):
            state.lab.result = result
            state.lab.phase = .finished
            state.lab.selectedService = min(state.lab.selectedService, max(0, result.services.count - 1))
            state.lab.moveInstall(0)
            let summary = result.services.map { service in
                "\(service.service.displayName) precision \(LabReportPrinter.percent(service.counts.precision)) "
                    + "recall \(LabReportPrinter.percent(service.counts.recall))"
            }
            DashboardReducer.appendLog(
                &state,
                LogLine(
                    time: state.now, level: .info,
                    text: "lab \(result.lab) finished: " + summary.joined(separator: ", "), awaitsClock: true))
        case .failed(let message):
            state.lab.phase = .failed(message)
            DashboardReducer.appendLog(
                &state,
                LogLine(
                    time: state.now, level: .error, text: "lab \(state.lab.lab ?? "") failed: \(message)",
                    awaitsClock: true))
        case .stopped:
            state.lab.phase = .stopped
            DashboardReducer.appendLog(
                &state,
                LogLine(time: state.now, level: .info, text: "lab \(state.lab.lab ?? "") stopped", awaitsClock: true))
        case .explained(var attempt):
            // The row's time is when it was explained: the install's own is a time in the simulated week.
            attempt.time = state.now
            state.matchAttempts.removeAll { $0.id == attempt.id }
            DashboardReducer.insertAttempt(&state, attempt)
            state.selectedAttempt = 0
            state.breakdownOpen = true
            state.focus = .matches
            state.overlay = .none
        }
    }
}

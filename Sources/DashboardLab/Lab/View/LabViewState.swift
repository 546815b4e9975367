import OptoLink

/// The Lab view's state (`L`): where the current run is, the last finished result, and what is selected.
///
/// The last result stays while another run goes (the view shows it under the progress bar) and after a run
/// stopped or failed, until the next run finishes.
package struct LabViewState: Sendable, Hashable {
    /// Where the lab is.
    package enum Phase: Sendable, Hashable {
        /// No run yet.
        case idle
        /// A run is going: installs decided so far over every run (main and sweep), the rate, the time left.
        case running(LabProgress)
        /// The last run finished (its result is ``LabViewState/result``).
        case finished
        /// The last run could not finish; the message says why.
        case failed(String)
        /// The last run was stopped (Esc) before it finished.
        case stopped
    }

    /// Where the lab is (default idle).
    package var phase: Phase = .idle
    /// The lab running or last run (its file's name), nil before the first.
    package var lab: String?
    /// The services of the run going or last started, in its order (the live classes' columns).
    package var runServices: [OptoLinkService] = []
    /// The last finished run, nil before the first.
    package var result: LabViewResult?
    /// The service tab shown (index into the result's services; ←/→ move it).
    package var selectedService = 0
    /// The install row selected in the shown service's list (↑/↓ move it).
    package var selectedInstall = 0

    /// Whether the view shows what its words mean (`?` toggles it) instead of the curves and the installs.
    package var showsTerms = false

    /// An idle Lab view.
    package init() {}

    /// Whether a run is going.
    package var isRunning: Bool {
        if case .running = phase { return true }
        return false
    }

    /// While a run goes, each service's classes so far (nil before its first report, or when the reports
    /// carry none).
    package var liveClasses: [(service: OptoLinkService, counts: LabCounts)]? {
        guard case .running(let progress) = phase, !progress.classes.isEmpty,
            progress.classes.count == runServices.count
        else { return nil }
        return zip(runServices, progress.classes).map { ($0, $1) }
    }

    /// The shown service's result, nil before the first result.
    package var shownService: LabViewResult.ServiceResult? {
        guard let services = result?.services, services.indices.contains(selectedService) else { return nil }
        return services[selectedService]
    }

    /// The selected install of the shown service, nil when its list is empty.
    package var selectedRow: LabInstallRow? {
        guard let rows = shownService?.installs, rows.indices.contains(selectedInstall) else { return nil }
        return rows[selectedInstall]
    }

    /// Moves the service tab by `delta`, wrapping around, and selects that service's first install.
    package mutating func moveService(_ delta: Int) {
        let count = result?.services.count ?? 0
        guard count > 0 else { return }
        selectedService = ((selectedService + delta) % count + count) % count
        selectedInstall = 0
    }

    /// Moves the install selection by `delta` rows, within the shown service's list.
    package mutating func moveInstall(_ delta: Int) {
        let count = shownService?.installs.count ?? 0
        selectedInstall = min(max(0, selectedInstall + delta), max(0, count - 1))
    }
}

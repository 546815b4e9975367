import DashboardCore

/// The Lab view as the dashboard's panel: drawn by ``LabView``, covering every pane, its keys moving through
/// the services and installs (Enter explains one, Esc stops a run going).
extension LabViewState: DashboardPanel {
    /// The Lab view's overlay (`L`).
    package static var overlay: DashboardOverlay { .lab }
    /// The Lab view covers every pane: drawing them under it would only cost time.
    package static var coversPanes: Bool { true }

    /// Draws the Lab view.
    package func draw(_ state: DashboardState, into buffer: inout ScreenBuffer) { LabView.draw(state, into: &buffer) }

    /// The Lab view's keys.
    package func route(_ key: Key, in state: DashboardState) -> InputOutcome? {
        switch key {
        case .escape where isRunning: return InputOutcome(actions: [.closeOverlay], commands: [.stopLab])
        case .up, .character("k"): return InputOutcome(actions: [.moveSelection(-1)])
        case .down, .character("j"): return InputOutcome(actions: [.moveSelection(1)])
        case .pageUp: return InputOutcome(actions: [.moveSelection(-10)])
        case .pageDown, .character(" "): return InputOutcome(actions: [.moveSelection(10)])
        case .left, .character("h"), .backTab: return InputOutcome(actions: [.labView(.service(-1))])
        case .right, .character("l"), .tab: return InputOutcome(actions: [.labView(.service(1))])
        case .enter:
            guard let service = shownService?.service, let row = selectedRow else { return .ignored }
            return InputOutcome(commands: [.explainLabInstall(service, device: row.device)])
        case .character("L"): return InputRouter.runLab(in: state)
        case .character("?"): return InputOutcome(actions: [.labView(.toggleTerms)])
        default: return nil
        }
    }

    /// Moves through the shown service's installs.
    package mutating func moveSelection(_ delta: Int) { moveInstall(delta) }
}

/// A key in the Lab view that changes only the view (never recorded in a session).
package enum LabViewKey: DashboardPanelUpdate {
    /// Move the service tab by `delta`, wrapping around.
    case service(Int)
    /// Show or hide what the view's words mean (`?`).
    case toggleTerms

    /// Applies the key to the Lab view.
    package func apply(to state: inout DashboardState) {
        switch self {
        case .service(let delta): state.lab.moveService(delta)
        case .toggleTerms: state.lab.showsTerms.toggle()
        }
    }
}

extension DashboardState {
    /// The Lab view (`L`): the run going or last run, its result, the selected service and install.
    package var lab: LabViewState {
        get { panels[LabViewState.self] ?? LabViewState() }
        set { panels[LabViewState.self] = newValue }
    }
}

extension DashboardAction {
    /// A lab run's progress and result, or one install explained (`L`, ``LabViewRunner``).
    package static func lab(_ update: LabUpdate) -> DashboardAction { .panel(PanelUpdate(update)) }
    /// A key in the Lab view.
    package static func labView(_ key: LabViewKey) -> DashboardAction { .panel(PanelUpdate(key)) }
}

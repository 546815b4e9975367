import DashboardCore
import OptoLink

/// A compare as the dashboard's panel: drawn by ``CompareView``, ticking while a column waits out a backoff.
extension CompareState: DashboardPanel {
    /// The compare overlay (`C`).
    package static var overlay: DashboardOverlay { .compare }

    /// Draws the compare.
    package func draw(_ state: DashboardState, into buffer: inout ScreenBuffer) {
        CompareView.draw(self, now: state.now, into: &buffer)
    }

    /// `C` picks another scenario to compare; Enter closes.
    package func route(_ key: Key, in state: DashboardState) -> InputOutcome? {
        switch key {
        case .character("C"): InputOutcome(actions: [.openOverlay(.scenarioPicker(selected: 0, compare: true))])
        case .enter: InputOutcome(actions: [.closeOverlay])
        default: nil
        }
    }

    /// A column counting a backoff down redraws with the clock.
    package func isTicking(at now: Double) -> Bool {
        !isOver && columns.contains { $0.metrics.waitStartedAt != nil }
    }
}

extension CompareUpdate {
    /// ``began(scenario:services:)`` opens a new compare over the screen; the rest fold into the one shown.
    package func apply(to state: inout DashboardState) {
        if case .began(let scenario, let services) = self {
            state.compare = CompareState(scenario: scenario, services: services)
            state.overlay = .compare
        } else {
            state.compare?.apply(self)
        }
    }
}

extension DashboardState {
    /// The last compare (`C`): one scenario against every service; nil before the first.
    package var compare: CompareState? {
        get { panels[CompareState.self] }
        set { panels[CompareState.self] = newValue }
    }
}

extension DashboardAction {
    /// A compare run's progress (`C`, ``CompareRunner``).
    package static func compare(_ update: CompareUpdate) -> DashboardAction { .panel(PanelUpdate(update)) }
}

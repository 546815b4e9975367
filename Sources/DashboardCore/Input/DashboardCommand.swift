import OptoLink

/// What a key asks for. UI commands become ``DashboardAction``s (``action``); device and server commands
/// are values the app hands to its ``DashboardCommandHandler`` (``DashboardRuntime`` executes them).
package enum DashboardCommand: Sendable, Hashable {
    // UI (handled by the reducer)
    /// Open the `?` help.
    case help
    /// Leave the dashboard.
    case quit
    /// Close the overlay; without one, clear the filter of the pane `/` filters.
    case closeOverlay
    /// Focus the next pane.
    case focusNext
    /// Focus the previous pane.
    case focusPrevious
    /// Move up in the focused pane.
    case moveUp
    /// Move down in the focused pane.
    case moveDown
    /// ←: the fingerprint's other side, or the timeline back in time (the focused pane decides).
    case moveLeft
    /// →: the fingerprint's other side, or the timeline forward in time.
    case moveRight
    /// Zoom the timeline in (half the seconds per column).
    case zoomIn
    /// Zoom the timeline out (twice the seconds per column).
    case zoomOut
    /// Fit the timeline to its rows and follow the newest again.
    case fitTimeline
    /// Scroll the log back a page.
    case pageUp
    /// Scroll the log forward a page.
    case pageDown
    /// Enter: edit the fingerprint field under the cursor, toggle the match breakdown, or inspect the
    /// selected timeline row.
    case activate
    /// Put the browser on the same or another Wi-Fi.
    case toggleNetwork
    /// Open the fault menu.
    case faultMenu
    /// Open the scenario picker.
    case scenarioPicker
    /// Open the scenario picker for a compare: the chosen scenario runs against every service at once.
    case comparePicker
    /// Open the identity input.
    case setIdentityPrompt
    /// Next theme.
    case cycleTheme
    /// Forget attempts, timeline and log.
    case clearHistory
    /// Type a `/` filter for the match attempts (when focused) or the log.
    case filter
    /// Write the HAR, the report and the screenshot (the app loop does it: it has the theme).
    case export
    /// Attach mode: open the list of attached apps.
    case deviceList

    // Device and server (executed by the command handler)
    /// Open a link in the app (direct, universal link).
    case openLinkDirect
    /// Click a link in the browser (records a click; token lands on the pasteboard).
    case clickLink
    /// Install the app and launch it for the first time (deferred).
    case installAndLaunch
    /// Launch the installed app again.
    case relaunch
    /// Delete and reinstall the app (wipes device id and flags).
    case reinstall
    /// Let the SDK read the pasteboard, or not.
    case toggleClipboardReading
    /// Bind this external id.
    case setIdentity(String)
    /// Unbind the identity.
    case clearIdentity
    /// Track an ordinary event.
    case trackEvent
    /// Track an event whose properties exceed the size limit.
    case trackOversizedEvent
    /// Inject a fault for the next N requests.
    case injectFault(FaultRequest)
    /// Run a named scenario.
    case runScenario(String)
    /// Run a named scenario against every service at once, a column each (the compare view).
    case runCompare(String)
    /// Send the queued events now (attach mode: on the attached app).
    case flushEvents
    /// Switch the simulated device to the next service (OptoLink → QubeRoute → Deep Blue → AppsFlyer).
    case switchProvider
    /// Start recording a session to a new file, or stop the recording (the app loop does it).
    case toggleRecording
    /// A recorded session: one entry forward (`+1`) or back (`-1`), pausing playback.
    case replayStep(Int)
    /// A recorded session: to the end of the next scenario (`+1`) or the previous one (`-1`), pausing playback.
    case replayScenario(Int)
    /// A recorded session: play faster (`+1`) or slower (`-1`; the slowest is paused).
    case replaySpeed(Int)
    /// Run the match lab (`L`): the default lab through every service, with the threshold sweep.
    case runLab
    /// Stop the lab run in progress (Esc in the Lab view).
    case stopLab
    /// Explain one install of the last lab run in the breakdown pane (Enter in the Lab view).
    case explainLabInstall(OptoLinkService, device: Int)

    /// The reducer action for a UI command; nil for ``quit`` and the commands the handler executes.
    package func action(in state: DashboardState) -> DashboardAction? {
        switch self {
        case .help: return .openOverlay(.help)
        case .closeOverlay:
            if state.overlay != .none { return .closeOverlay }
            return state.filter(of: state.filterTarget).isEmpty ? nil : .setFilter(state.filterTarget, "")
        case .focusNext: return .focusNext
        case .focusPrevious: return .focusPrevious
        case .moveUp: return .moveSelection(-1)
        case .moveDown: return .moveSelection(1)
        case .moveLeft, .moveRight:
            switch state.focus {
            case .fingerprint: return .switchFingerprintSide
            case .timeline: return .scrollTimeline(self == .moveLeft ? -1 : 1)
            default: return nil
            }
        case .zoomIn: return .zoomTimeline(0.5)
        case .zoomOut: return .zoomTimeline(2)
        case .fitTimeline: return .fitTimeline
        case .pageUp: return .scrollLog(10)
        case .pageDown: return .scrollLog(-10)
        case .activate:
            switch state.focus {
            case .fingerprint:
                let side = state.fingerprint.cursorSide
                let field = state.fingerprint.cursorField
                return .openOverlay(
                    .textInput(purpose: .fingerprint(side, field), text: state.fingerprint[side][field]))
            case .matches: return .toggleBreakdown
            case .timeline:
                return state.selectedTimelineRow.map { .openOverlay(.inspector(requestID: $0.requestID, scroll: 0)) }
            case .profile, .log, .scenario: return nil
            }
        case .toggleNetwork: return .toggleNetwork
        case .faultMenu: return .openOverlay(.faultMenu(selected: .status503, count: 2))
        case .scenarioPicker: return .openOverlay(.scenarioPicker(selected: 0))
        case .comparePicker: return .openOverlay(.scenarioPicker(selected: 0, compare: true))
        case .setIdentityPrompt:
            return .openOverlay(.textInput(purpose: .identity, text: state.profile.identity ?? "user-42"))
        case .cycleTheme: return .cycleTheme
        case .clearHistory: return .clearHistory
        case .deviceList:
            guard let attach = state.attach else {
                return .log(.info, "D lists the attached apps: start optolink-dash --attach (docs/attach.md)")
            }
            return .openOverlay(.deviceList(selected: attach.shownKey.flatMap(attach.index(of:)) ?? 0))
        case .filter:
            return .openOverlay(
                .textInput(purpose: .filter(state.filterTarget), text: state.filter(of: state.filterTarget)))
        case .quit, .export, .toggleRecording, .replayStep, .replayScenario, .replaySpeed, .runLab, .stopLab,
            .explainLabInstall,
            .flushEvents, .switchProvider,
            .openLinkDirect, .clickLink, .installAndLaunch, .relaunch,
            .reinstall, .toggleClipboardReading,
            .setIdentity, .clearIdentity, .trackEvent, .trackOversizedEvent, .injectFault, .runScenario, .runCompare:
            return nil
        }
    }
}

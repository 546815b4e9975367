import OptoLink

/// Everything that can change ``DashboardState``: UI actions from keys and data events from the device,
/// the server and the scenario runner.
package enum DashboardAction: Sendable, Hashable {
    // MARK: UI
    /// Focus the next pane (Tab).
    case focusNext
    /// Focus the previous pane (Shift-Tab).
    case focusPrevious
    /// Focus one pane.
    case focus(DashboardPane)
    /// Move the selection in the focused pane (or the overlay) by `delta` rows (negative = up).
    case moveSelection(Int)
    /// Move the fingerprint cursor to the other side (left/right).
    case switchFingerprintSide
    /// Scroll the log by `delta` lines (positive = back in time).
    case scrollLog(Int)
    /// Multiply the timeline's seconds per column by `factor` (0.5 zooms in, 2 zooms out), from the scale on screen.
    case zoomTimeline(Double)
    /// Move the timeline's left edge by a quarter of the strip per step (negative = back in time).
    case scrollTimeline(Int)
    /// Back to the default timeline view: the scale fits the shown rows and the view follows the newest.
    case fitTimeline
    /// Show or hide the selected attempt's breakdown.
    case toggleBreakdown
    /// Open an overlay (replacing any other).
    case openOverlay(DashboardOverlay)
    /// Close the overlay.
    case closeOverlay
    /// Type a character into the text-input overlay.
    case inputCharacter(Character)
    /// Delete the last character of the text-input overlay.
    case inputBackspace
    /// Commit the text-input overlay when it edits a fingerprint field or a filter (identity is a command).
    case commitTextInput
    /// Set the `/` filter of the log or the match attempts (empty clears it); other panes are ignored.
    case setFilter(DashboardPane, String)
    /// Change the fault menu's count by `delta` (stays ≥ 1).
    case adjustFaultCount(Int)
    /// Set one fingerprint field directly.
    case setFingerprintField(FingerprintSide, FingerprintField, String)
    /// Put the browser on the app's network, or on another one.
    case toggleNetwork
    /// Switch to the next theme in ``DashboardState/availableThemes``.
    case cycleTheme
    /// Switch to a named theme.
    case setTheme(String)
    /// Replace the list of themes `t` cycles through.
    case themesAvailable([String])
    /// Scroll the request inspector by `delta` lines.
    case scrollInspector(Int)
    /// Move the request inspector to the next (`+1`) or previous (`-1`) attempt.
    case inspectorJump(Int)
    /// Forget match attempts, timeline and log.
    case clearHistory
    /// The clock moved on: sets the origin if none yet, and stamps the log lines that arrived without a time.
    case tick(now: Double)
    /// The terminal was resized.
    case resize(ScreenSize)
    /// A click or a turn of the wheel (see ``MouseEvent``).
    case mouse(MouseEvent)
    /// The session being recorded or replayed changed (the header and the replay bar show it; nil: none).
    case sessionStatus(SessionStatus?)

    // MARK: Data (fed by DashboardRuntime, DeviceObserver and the scenario runner)
    /// An SDK diagnostic at clock time `time`.
    case diagnostic(DiagnosticEvent, time: Double)
    /// The simulated device's transport recorded one attempt (sent before that attempt's diagnostic).
    case exchangeRecorded(HTTPExchange)
    /// The simulated browser clicked a link: a timeline row whose attempts are its hops, each hop's request
    /// and answer in the inspector and the HAR export, and a log line.
    case browserVisited(BrowserVisit)
    /// The answer of `GET /dev/match-attempts` (newest first).
    case matchAttemptsLoaded([MatchAttempt])
    /// The simulated device's profile changed (install, reinstall, pasteboard, settings).
    case deviceProfileChanged(DeviceProfile)
    /// A reopened HAR's requests describe their device so (no simulated device ran): the device panes show it.
    case fileDeviceRead(FileDevice)
    /// Header facts: target, org, SDK version.
    case targetChanged(url: String, orgKey: String, sdkVersion: String)
    /// The simulated device now runs `service` (the `--provider`, or `P`): the header shows it and the
    /// device's panes (requests, attempts, timeline, profile, a finished checklist) start empty.
    case providerChanged(OptoLinkService)
    /// The short links in use, by role (the header shows the main one, `?` all; empty: none was given).
    case linksChanged([LinkRole: String])
    /// Scenario names for the picker.
    case scenariosAvailable([String])
    /// What each scenario expects under the selected service, by name; why each one that service cannot
    /// serve is skipped (`skips`); and what each expects when compared across every service (`compare`).
    case scenarioExpectations([String: String], skips: [String: String] = [:], compare: [String: String] = [:])
    /// A scenario began; `steps` is its plan (its checklist, every step pending).
    case scenarioStarted(name: String, steps: [String] = [])
    /// The running scenario reached step `name` (see ``ScenarioContext/step(_:)``).
    case scenarioStepStarted(String)
    /// Step `name` of the running scenario ran and its checks held.
    case scenarioStepPassed(String)
    /// Step `name` of the running scenario failed with `detail` (what was expected, what happened).
    case scenarioStepFailed(String, detail: String)
    /// Step `name` of the running scenario was not checked, for `reason` (the deployment cannot show it).
    case scenarioStepUnchecked(String, reason: String)
    /// A scenario ended with PASS or FAIL and a detail line.
    case scenarioFinished(name: String, passed: Bool, detail: String)
    /// A scenario could not run here (e.g. the backend has no dev endpoints).
    case scenarioSkipped(name: String, reason: String)
    /// The backend answered (or not) a reachability check.
    case serverReachable(Bool)
    /// The backend's dev routes were probed: which are there (``BackendCapabilities/line(clickPath:)``).
    case capabilitiesProbed(String)
    /// Attach mode: apps attaching, their diagnostics and commands, the device list (see ``AttachAction``).
    case attach(AttachAction)
    /// A tool's change of its panel (a compare's step, a lab run's progress, a key in the Lab view): see
    /// ``DashboardPanelUpdate``.
    case panel(PanelUpdate)
    /// A log line not coming from the SDK (scenario runner, theme loader, app); it carries no time and is
    /// stamped by the next ``tick(now:)`` (see ``LogLine/awaitsClock``).
    case log(DashboardLogLevel, String)
    /// Both sides of the fingerprint at once (a session's record of an edit, replayed).
    case fingerprintChanged(app: FingerprintValues, browser: FingerprintValues)
}

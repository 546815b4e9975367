import DashboardCore
import DashboardScenarios
import DashboardSessions
import Foundation

/// The dashboard's main loop: key → actions/commands → reducer → render → terminal.
///
/// ```swift
/// let app = DashboardApp(state: state, themes: ThemeLoader(), handler: myHandler)
/// app.run(on: terminal)   // returns when the user quits
/// ```
///
/// Each turn it drains the ``inbox`` (actions pushed by device/server/scenario tasks), ticks the clock,
/// redraws only when the state changed, and waits for a key: 100 ms (10 Hz) while a countdown or a request
/// is in flight, otherwise ``idleTimeout``. The inbox's wake handler interrupts that wait when data
/// arrives, so idle costs nothing and new data still shows at once.
package final class DashboardApp {
    /// The current state.
    package private(set) var state: DashboardState
    /// Where other threads push actions.
    package let inbox: DashboardInbox
    /// Executes device and server commands.
    package let handler: any DashboardCommandHandler
    /// Finds and loads themes.
    package let themes: ThemeLoader
    /// Routes keys.
    package let router: InputRouter
    /// The clock for ``DashboardAction/tick(now:)``.
    package let clock: any DashboardClock
    /// Longest wait for a key when nothing ticks (default 10 s; the terminal returns earlier when the
    /// inbox wakes it, see ``DashboardInbox/setWakeHandler(_:)``).
    package var idleTimeout: Double = 10
    /// Where `X` writes (default `./optolink-export-<timestamp>/`, a new directory each time).
    package var exportDirectory: @Sendable () -> URL = { ExportBundle.defaultDirectory() }
    /// The loaded theme (follows ``DashboardState/themeName``).
    package private(set) var theme: Theme
    /// The settings a recording's header keeps (``SessionSettings/init(options:)``).
    package var sessionSettings = SessionSettings(mode: "simulated", service: "optolink")
    /// Where `W` records when no file was named: a new file each time (default
    /// `./optolink-session-<timestamp>.olsession`).
    package var sessionFile: @Sendable () -> URL = { DashboardApp.defaultSessionFile() }
    /// The recording in progress (`--record`, `W`), nil when none.
    package private(set) var recorder: SessionRecorder?
    /// Why each recording stopped so far does not hold what it was given (``SessionWriter/problem``): the
    /// executable repeats them once the terminal is restored.
    package private(set) var recordingProblems: [String] = []
    /// `--cast FILE`: every frame drawn is also written here as an asciicast event; nil when not asked.
    package var cast: CastRecorder?
    /// The session shown (`--open`), nil in the live dashboard.
    package private(set) var replay: SessionReplay?
    private var quitRequested = false

    /// Creates the app.
    /// - Parameters:
    ///   - state: the initial state.
    ///   - themes: theme loader; the state's theme is loaded now and its warnings are logged.
    ///   - handler: executes device/server commands.
    ///   - inbox: the action queue (shared with the handler's tasks).
    ///   - router: key routing (default: the standard keymap).
    ///   - clock: time source (default: monotonic system time).
    package init(
        state: DashboardState, themes: ThemeLoader, handler: any DashboardCommandHandler,
        inbox: DashboardInbox = DashboardInbox(), router: InputRouter = InputRouter(),
        clock: any DashboardClock = SystemDashboardClock()
    ) {
        self.state = state
        self.themes = themes
        self.handler = handler
        self.inbox = inbox
        self.router = router
        self.clock = clock
        self.theme = .builtInDefault
        DashboardReducer.reduce(&self.state, .themesAvailable(themes.availableThemeNames()))
        loadTheme(named: state.themeName)
    }

    /// Applies one action (and loads the theme when its name changed); records it while recording.
    package func apply(_ action: DashboardAction) {
        let previousTheme = state.themeName
        let previousFingerprint = state.fingerprint
        DashboardReducer.reduce(&state, action)
        if state.themeName != previousTheme { loadTheme(named: state.themeName) }
        if let recorder {
            let fingerprint = state.fingerprint
            let changed =
                fingerprint.app != previousFingerprint.app || fingerprint.browser != previousFingerprint.browser
            recorder.record(action, fingerprint: changed ? fingerprint : nil)
        }
    }

    /// Starts recording the data actions to `url` (emptied first), and says so in the header.
    /// - Throws: ``DashboardError/export(_:)`` when the file cannot be created.
    package func startRecording(to url: URL) throws(DashboardError) {
        stopRecording()
        let recorder = try SessionRecorder(url: url, settings: sessionSettings, state: state, clock: clock)
        self.recorder = recorder
        apply(.sessionStatus(recorder.status))
        apply(.log(.info, "recording the session to \(url.path) (W stops)"))
    }

    /// Stops the recording, if any: what is queued is written and the file closed. A file that misses part of
    /// the run is logged as an error and kept in ``recordingProblems``, not called recorded.
    package func stopRecording() {
        guard let recorder else { return }
        self.recorder = nil
        recorder.stop()
        apply(.sessionStatus(nil))
        if let problem = recorder.writer.problem {
            recordingProblems.append(problem)
            apply(.log(.error, problem))
        } else {
            apply(.log(.info, "session recorded to \(recorder.writer.url.path) (optolink-dash --open reopens it)"))
        }
    }

    /// Shows a recorded session instead of live data: every entry applied (the end of the session), paused;
    /// `[` `]` `<` `>` move through it. Device and server keys do nothing.
    /// - Throws: ``DashboardError/session(_:)`` when an entry cannot be read.
    package func open(_ replay: SessionReplay) throws(DashboardError) {
        stopRecording()
        self.replay = replay
        state = SessionReplay.freshState(keepingViewOf: state)
        try move(replay, to: replay.file.count)
        for warning in replay.file.warnings { apply(.log(.warning, warning)) }
    }

    /// Handles one key: reduces its actions, runs its commands. Returns false when the user quit.
    @discardableResult
    package func handle(_ key: Key) -> Bool {
        let outcome = router.route(key, in: state)
        for action in outcome.actions { apply(action) }
        for command in outcome.commands {
            if command == .quit {
                quitRequested = true
                continue
            }
            if command == .export {
                export()
                continue
            }
            if handleSession(command) { continue }
            handler.handle(command, state: state, inbox: inbox)
        }
        return !quitRequested
    }

    /// Runs until the user quits (or `shouldStop` returns true, checked every turn).
    package func run(on terminal: any DashboardTerminal, shouldStop: () -> Bool = { false }) {
        var lastDrawn: ScreenBuffer?
        var lastTheme: Theme?
        while !quitRequested && !shouldStop() {
            for action in inbox.drain() { apply(action) }
            let size = terminal.size()
            if size != state.size { apply(.resize(size)) }
            if let replay {
                play(replay)
            } else {
                apply(.tick(now: clock.now()))
                if let recorder, state.session != recorder.status { apply(.sessionStatus(recorder.status)) }
            }
            let buffer = DashboardRenderer.render(state, size: state.size)
            if lastDrawn != buffer || lastTheme != theme {
                terminal.draw(buffer, theme: theme)
                cast?.frame(buffer, theme: theme, at: clock.now())
                lastDrawn = buffer
                lastTheme = theme
            }
            let playing = (replay?.clock.speed ?? 0) > 0
            if let key = terminal.readKey(timeout: playing ? 0.05 : state.isTicking ? 0.1 : idleTimeout) {
                handle(key)
            }
        }
        stopRecording()
    }

    /// Applies the entries a playing replay has reached by now; pauses at the end.
    func play(_ replay: SessionReplay) {
        guard replay.clock.speed > 0 else { return }
        let now = clock.now()
        do {
            try move(replay, to: replay.playTarget(at: now))
        } catch {
            apply(.log(.error, error.message))
        }
        if replay.isAtEnd { replay.pause(at: now) }
        apply(.sessionStatus(replay.status))
    }

    /// `W`, and the replay keys; false for the commands the handler executes.
    func handleSession(_ command: DashboardCommand) -> Bool {
        switch command {
        case .toggleRecording:
            if replay != nil {
                apply(.log(.info, "W records the live dashboard: this is a recorded session already"))
            } else if recorder != nil {
                stopRecording()
            } else {
                do {
                    try startRecording(to: sessionFile())
                } catch {
                    apply(.log(.error, error.message))
                }
            }
            return true
        case .replayStep, .replayScenario, .replaySpeed:
            guard let replay else {
                apply(.log(.info, "[ ] { } < > move through a recorded session: optolink-dash --open FILE"))
                return true
            }
            let now = clock.now()
            do {
                switch command {
                case .replayStep(let direction):
                    replay.pause(at: now)
                    try move(replay, to: replay.stepTarget(direction))
                case .replayScenario(let direction):
                    replay.pause(at: now)
                    try move(replay, to: replay.scenarioTarget(direction))
                case .replaySpeed(let direction):
                    if replay.changeSpeed(direction, at: now) { try move(replay, to: 0) }
                default:
                    break
                }
            } catch {
                apply(.log(.error, error.message))
            }
            apply(.sessionStatus(replay.status))
            return true
        default:
            return false
        }
    }

    /// Moves the replay to `target`, starting the state over when it goes back.
    private func move(_ replay: SessionReplay, to target: Int) throws(DashboardError) {
        try replay.seek(
            to: target, reset: { state = SessionReplay.freshState(keepingViewOf: state) }, apply: { apply($0) })
        if case .inspector(let id, _) = state.overlay, !state.timeline.contains(where: { $0.requestID == id }) {
            apply(.closeOverlay)
        }
        apply(.sessionStatus(replay.status))
    }

    /// `./optolink-session-20250602-091403.olsession` in the current directory (`…-091403-2.olsession` when
    /// that one exists: a second recording in the same second).
    package static func defaultSessionFile(now: Date = Date()) -> URL {
        ExportBundle.freshName(
            in: FileManager.default.currentDirectoryPath, stem: "optolink-session-\(ExportBundle.timestamp(now))",
            suffix: ".\(SessionFormat.fileExtension)")
    }

    /// Writes the export of the current state and screen, and logs where.
    func export() {
        let directory = exportDirectory()
        do {
            let files = try ExportBundle.write(state, theme: theme, to: directory)
            apply(
                .log(.info, "exported \(files.map(\.lastPathComponent).joined(separator: ", ")) to \(directory.path)"))
        } catch {
            apply(.log(.error, "\(error)"))
        }
    }

    private func loadTheme(named name: String) {
        let result = themes.load(name)
        theme = result.theme
        for warning in result.warnings { DashboardReducer.reduce(&state, .log(.warning, warning)) }
        if let error = result.error { DashboardReducer.reduce(&state, .log(.error, error.description)) }
    }
}

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

    /// Applies one action (and loads the theme when its name changed).
    package func apply(_ action: DashboardAction) {
        let previousTheme = state.themeName
        DashboardReducer.reduce(&state, action)
        if state.themeName != previousTheme { loadTheme(named: state.themeName) }
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
            apply(.tick(now: clock.now()))
            let buffer = DashboardRenderer.render(state, size: state.size)
            if lastDrawn != buffer || lastTheme != theme {
                terminal.draw(buffer, theme: theme)
                lastDrawn = buffer
                lastTheme = theme
            }
            if let key = terminal.readKey(timeout: state.isTicking ? 0.1 : idleTimeout) {
                handle(key)
            }
        }
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

import CNcurses
import DashboardCore
import DashboardDoctor
import DashboardLab
import DashboardProxy
import DashboardScenarios
import DashboardSessions
import Foundation
import OptoLinkDashboard
import OptoLinkToolSupport

// optolink-dash: thin executable. Parses arguments; headless runs the scenarios with no terminal; otherwise
// starts the runtime (embedded server + simulated device), opens the terminal, runs DashboardApp, restores it.
// Every exit status comes from the one table (ExitStatus, docs/exit-codes.md).

setlocale(LC_ALL, "")
// A reader that stops early (`| head -1`) ends the command quietly: writes see EPIPE (StandardStream).
StandardStream.ignoreBrokenPipes()

let environment = ProcessInfo.processInfo.environment
// The command comes from the one table (DashCommands): its first words, or none for the dashboard itself.
let command = DashCommands.parser.command(of: Array(CommandLine.arguments.dropFirst()))?.name ?? DashCommands.run
if command == DashCommands.doctor {
    // `optolink-dash doctor …`: the deployment checklist (docs/doctor.md); no terminal, no embedded server.
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    exit(
        exitCode {
            await DoctorCommand.run(
                arguments: arguments, environment: environment, stdoutIsTerminal: isatty(1) == 1,
                out: { StandardStream.output.line($0) },
                err: { StandardStream.error.line($0) })
        })
}
if command == DashCommands.lab || command == DashCommands.labMerge {
    // `optolink-dash lab …`: the match lab, headless (docs/lab.md); a status line on stderr when it is a terminal.
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    let showStatus = isatty(2) == 1
    let code = exitCode {
        await LabCommand.run(
            arguments: arguments, currentDirectory: FileManager.default.currentDirectoryPath,
            executablePath: Bundle.main.executablePath,
            reportWidth: LabReportPrinter.width(
                terminalColumns: terminalColumns(of: 1), columnsVariable: environment["COLUMNS"]),
            progress: { if showStatus { StandardStream.error.write("\r" + $0.statusLine + " ") } },
            out: { StandardStream.output.line($0) },
            err: { StandardStream.error.line($0) })
    }
    if showStatus { StandardStream.error.write("\r\u{1B}[K") }
    exit(code)
}
if command == DashCommands.export {
    // `optolink-dash export SESSION --cast OUT`: a recorded session as an asciicast; no terminal, no server.
    exit(
        ExportCommand.run(
            arguments: Array(CommandLine.arguments.dropFirst(2)),
            themes: ThemeLoader.standard(
                environment: environment, currentDirectory: FileManager.default.currentDirectoryPath,
                executablePath: Bundle.main.executablePath),
            out: { StandardStream.output.line($0) },
            err: { StandardStream.error.line($0) }))
}
if command == DashCommands.proxy {
    // `optolink-dash proxy …`: the fault proxy alone (docs/proxy.md): its own screen on a terminal, else (or with
    // --log) a headless log that returns only when it cannot start.
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    if isatty(0) == 1, isatty(1) == 1, let options = try? ProxyCommand.parse(arguments), !options.log, !options.help {
        exit(runProxyScreen(options))
    }
    exit(
        ProxyCommand.run(
            arguments: Array(CommandLine.arguments.dropFirst(2)),
            out: { StandardStream.output.line($0) },
            err: { StandardStream.error.line($0) }))
}
let options: DashboardOptions
do {
    options = try DashboardOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    StandardStream.error.line("optolink-dash: \(error)")
    exit(ExitStatus.badInput.rawValue)
}
if let help = options.helpText {
    print(help)
    exit(ExitStatus.done.rawValue)
}
if options.listScenarios {
    for line in HeadlessRunner.listing(for: options.provider) { print(line) }
    exit(ExitStatus.done.rawValue)
}
if let path = options.openFile {
    // --open: a recorded session (or a HAR) in the same panes, offline; a bad file is one line and exit 2.
    exit(openSession(path, options: options))
}
if options.headless {
    // No terminal at all: the scenarios' timeline as plain lines, the verdicts, the summary; errors on stderr.
    exit(
        exitCode {
            await HeadlessRunner.run(
                options: options, recorder: SessionHeadlessRecorder(), write: { StandardStream.output.line($0) },
                errors: { StandardStream.error.line($0) })
        })
}
if let name = options.scenario ?? options.compare, ScenarioCatalog.named(name) == nil {
    StandardStream.error.line(
        "optolink-dash: unknown scenario \(QuotedText.quote(name)) (the dashboard runs one; see --list-scenarios, "
            + "or --headless --scenario all)")
    exit(ExitStatus.badInput.rawValue)
}
if !options.attach {
    // The simulated device has nothing to run against when --base-url gives no HTTP answer: say so and exit 4
    // before the screen opens, as headless does. (--attach watches real apps, which need no answer from it.)
    let code = exitCode {
        await BackendAnswerCheck.exitCode(
            options: options, errors: { StandardStream.error.line($0) }) ?? 0
    }
    if code != 0 { exit(code) }
}

let themes = ThemeLoader.standard(
    environment: environment, currentDirectory: FileManager.default.currentDirectoryPath,
    executablePath: Bundle.main.executablePath)
let inbox = DashboardInbox()
// Seam 2: the screen's clock is the SDK's clock (the time base of every diagnostic; attached apps' times are
// mapped onto it when they say hello).
let clock = SDKDashboardClock()
let runtime: DashboardRuntime
let handler: any DashboardCommandHandler
let initialActions: [DashboardAction]
let stopHandler: () -> Void
do {
    if options.attach {
        // --attach: real apps (OptoLinkInspector) instead of the simulated device; the runtime keeps the server.
        let controller = try AttachController.start(options: options, inbox: inbox, clock: clock)
        runtime = controller.runtime
        handler = controller
        initialActions = controller.initialActions
        stopHandler = controller.stop
    } else {
        runtime = try DashboardRuntime.start(options: options, inbox: inbox)
        handler = runtime
        initialActions = runtime.initialActions
        stopHandler = runtime.stop
    }
} catch {
    StandardStream.error.line("optolink-dash: \(error)")
    exit(error.exitStatus.rawValue)
}

// stderr goes to a temp file while the UI owns the screen; shown after endwin.
let stderrCapture = StderrCapture()
let terminal: NcursesTerminal
do {
    stderrCapture.begin()
    terminal = try NcursesTerminal(environment: environment, mouse: options.mouse)
} catch {
    stderrCapture.end()
    stopHandler()
    StandardStream.error.line("optolink-dash: \(error)")
    exit(ExitStatus.exportFailed.rawValue)
}
cn_restore_at_exit()
cn_install_stop_handlers()
if let wake = terminal.wake { inbox.setWakeHandler { wake.signal() } }

let app = DashboardApp(
    state: DashboardState(themeName: options.theme), themes: themes, handler: handler, inbox: inbox,
    clock: clock)
reportThemeProblems(themes.load(options.theme))
app.sessionSettings = SessionSettings(options: options)
/// Restores the terminal, stops the runtime, says why on stderr and exits with the error's code.
@MainActor func quit(_ error: DashboardError) -> Never {
    terminal.close()
    stderrCapture.end()
    stopHandler()
    StandardStream.error.line("optolink-dash: \(error)")
    exit(error.exitStatus.rawValue)
}
do {
    if let path = options.recordFile { try app.startRecording(to: URL(fileURLWithPath: path)) }
    if let path = options.castFile {
        app.cast = try CastRecorder(url: URL(fileURLWithPath: path), size: terminal.size())
    }
} catch {
    quit(error)
}
for action in initialActions { app.apply(action) }
if let name = options.scenario { runtime.handle(.runScenario(name), state: app.state, inbox: inbox) }
if let name = options.compare { runtime.handle(.runCompare(name), state: app.state, inbox: inbox) }

app.run(on: terminal, shouldStop: { cn_stop_requested() != 0 })
terminal.close()
stderrCapture.end()
stopHandler()
if let cast = app.cast {
    cast.close()
    FileHandle.standardError.write(
        Data("optolink-dash: asciicast written to \(cast.url.path) (asciinema play \(cast.url.path) plays it)\n".utf8))
}

// A recording that misses part of the run was logged on the screen; it is said again where it stays.
for problem in app.recordingProblems { StandardStream.error.line("optolink-dash: \(problem)") }
let signal = cn_stop_requested()
if signal != 0 { exit(128 + signal) }
exit((app.recordingProblems.isEmpty ? ExitStatus.done : .exportFailed).rawValue)

/// `optolink-dash --open FILE`: the session's panes until q or a stop signal; the exit code (2: not a session).
func openSession(_ path: String, options: DashboardOptions) -> Int32 {
    let replay: SessionReplay
    do {
        replay = SessionReplay(file: try SessionFile.open(URL(fileURLWithPath: path)))
    } catch {
        StandardStream.error.line("optolink-dash: \(error)")
        return ExitStatus.badInput.rawValue
    }
    let environment = ProcessInfo.processInfo.environment
    let themes = ThemeLoader.standard(
        environment: environment, currentDirectory: FileManager.default.currentDirectoryPath,
        executablePath: Bundle.main.executablePath)
    let stderrCapture = StderrCapture()
    let terminal: NcursesTerminal
    do {
        stderrCapture.begin()
        terminal = try NcursesTerminal(environment: environment, mouse: options.mouse)
    } catch {
        stderrCapture.end()
        StandardStream.error.line("optolink-dash: \(error)")
        return ExitStatus.exportFailed.rawValue
    }
    cn_restore_at_exit()
    cn_install_stop_handlers()
    let app = DashboardApp(
        state: DashboardState(themeName: options.theme), themes: themes, handler: SessionReplayHandler())
    reportThemeProblems(themes.load(options.theme))
    do {
        try app.open(replay)
    } catch {
        terminal.close()
        stderrCapture.end()
        StandardStream.error.line("optolink-dash: \(error)")
        return ExitStatus.badInput.rawValue
    }
    app.run(on: terminal, shouldStop: { cn_stop_requested() != 0 })
    terminal.close()
    stderrCapture.end()
    let signal = cn_stop_requested()
    return signal == 0 ? 0 : 128 + signal
}

/// Writes the requested theme's problems to stderr (captured while the screen is up, shown after the terminal is
/// restored), for the dashboard and `open` alike.
func reportThemeProblems(_ loaded: ThemeLoadResult) {
    for problem in loaded.warnings + [loaded.error?.description].compactMap({ $0 }) {
        StandardStream.error.line("optolink-dash: theme: \(problem)")
    }
}

/// `optolink-dash proxy` on a terminal: the proxy's own screen until q or a stop signal; the exit code.
func runProxyScreen(_ options: ProxyCommand.Options) -> Int32 {
    let session: ProxyScreenSession
    do {
        session = try ProxyScreenSession.start(options)
    } catch {
        StandardStream.error.line("optolink-dash proxy: \(error)")
        return ExitStatus.exportFailed.rawValue
    }
    let stderrCapture = StderrCapture()
    let terminal: NcursesTerminal
    do {
        stderrCapture.begin()
        terminal = try NcursesTerminal(environment: ProcessInfo.processInfo.environment, mouse: false)
    } catch {
        stderrCapture.end()
        session.stop()
        StandardStream.error.line("optolink-dash proxy: \(error)")
        return ExitStatus.exportFailed.rawValue
    }
    cn_restore_at_exit()
    cn_install_stop_handlers()
    if let wake = terminal.wake { session.setWakeHandler { wake.signal() } }
    session.run(on: terminal, theme: .builtInDefault, shouldStop: { cn_stop_requested() != 0 })
    terminal.close()
    stderrCapture.end()
    session.stop()
    let signal = cn_stop_requested()
    return signal == 0 ? 0 : 128 + signal
}

/// The columns of the terminal on file descriptor `descriptor`, nil when it is not a terminal.
func terminalColumns(of descriptor: Int32) -> Int? {
    guard isatty(descriptor) == 1 else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
}

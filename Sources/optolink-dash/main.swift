import CNcurses
import Foundation
import OptoLinkDashboard

// optolink-dash: thin executable. Parses arguments, opens the terminal, runs DashboardApp, restores the terminal.

setlocale(LC_ALL, "")

let environment = ProcessInfo.processInfo.environment
let options: DashboardOptions
do {
    options = try DashboardOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("optolink-dash: \(error)\n".utf8))
    exit(2)
}
if options.showHelp {
    print(DashboardOptions.usage)
    exit(0)
}

let themes = ThemeLoader.standard(environment: environment, currentDirectory: FileManager.default.currentDirectoryPath,
                                  executablePath: Bundle.main.executablePath)
let clock = SystemDashboardClock()
var state = DashboardState(themeName: options.theme)

// stderr goes to a temp file while the UI owns the screen; shown after endwin.
let stderrCapture = StderrCapture()
let terminal: NcursesTerminal
do {
    stderrCapture.begin()
    terminal = try NcursesTerminal(environment: environment)
} catch {
    stderrCapture.end()
    FileHandle.standardError.write(Data("optolink-dash: \(error)\n".utf8))
    exit(3)
}
cn_restore_at_exit()
cn_install_stop_handlers()

let app = DashboardApp(state: state, themes: themes, handler: DemoCommandHandler(clock: clock), clock: clock)
// Problems with the requested theme also go to stderr (captured now, shown after the terminal is restored).
let initialTheme = themes.load(options.theme)
for problem in initialTheme.warnings + [initialTheme.error?.description].compactMap({ $0 }) {
    FileHandle.standardError.write(Data("optolink-dash: theme: \(problem)\n".utf8))
}
// PHASE-1 DEMO FEED (phase 2 replaces this with the simulated device and the embedded server).
for action in DemoFeed.initialActions(start: clock.now()) { app.apply(action) }

app.run(on: terminal, shouldStop: { cn_stop_requested() != 0 })
terminal.close()
stderrCapture.end()

let signal = cn_stop_requested()
exit(signal == 0 ? 0 : 128 + signal)

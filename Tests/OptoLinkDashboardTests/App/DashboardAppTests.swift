import DashboardTestSupport
import Testing

@testable import DashboardCore
@testable import OptoLinkDashboard

/// A terminal that replays keys and records what was drawn.
final class FakeTerminal: DashboardTerminal {
    var keys: [Key?]
    var currentSize: ScreenSize
    var drawn: [ScreenBuffer] = []
    var timeouts: [Double?] = []
    var onRead: ((FakeTerminal) -> Void)?

    init(keys: [Key?], size: ScreenSize = .full) {
        self.keys = keys
        self.currentSize = size
    }

    func size() -> ScreenSize { currentSize }
    func readKey(timeout: Double?) -> Key? {
        timeouts.append(timeout)
        onRead?(self)
        return keys.isEmpty ? .character("q") : keys.removeFirst()
    }
    func draw(_ buffer: ScreenBuffer, theme: Theme) { drawn.append(buffer) }
}

final class RecordingHandler: DashboardCommandHandler {
    var commands: [DashboardCommand] = []
    func handle(_ command: DashboardCommand, state: DashboardState, inbox: DashboardInbox) {
        commands.append(command)
        inbox.send(.log(.info, "handled \(command)"))
    }
}

struct ManualDashboardClock: DashboardClock {
    let time: Double
    func now() -> Double { time }
}

@Suite("DashboardApp")
struct DashboardAppTests {
    func makeApp(_ handler: RecordingHandler, state: DashboardState = Fixtures.idle) -> DashboardApp {
        DashboardApp(
            state: state, themes: ThemeLoader(searchDirectories: []), handler: handler,
            clock: ManualDashboardClock(time: 12.1))
    }

    @Test func keysFlowThroughTheKeymapAndDeviceCommandsReachTheHandler() {
        let handler = RecordingHandler()
        let app = makeApp(handler)
        let terminal = FakeTerminal(keys: [.character("?"), .escape, .character("c"), nil, .character("q")])
        app.run(on: terminal)
        #expect(handler.commands == [.clickLink])
        #expect(app.state.log.last?.text == "handled clickLink")  // pushed into the inbox, drained next turn
        #expect(app.state.overlay == .none)
        #expect(terminal.drawn.contains { $0.lines.joined().contains("Help · any key closes") })
    }

    @Test func redrawsOnlyWhenTheScreenChanges() {
        let handler = RecordingHandler()
        let app = makeApp(handler)
        let terminal = FakeTerminal(keys: [nil, nil, nil, .character("q")])
        app.run(on: terminal)
        #expect(terminal.drawn.count == 1)
        #expect(terminal.timeouts.allSatisfy { $0 == app.idleTimeout })
    }

    @Test func waitsOnAShortTickOnlyWhileACountdownRuns() {
        let app = makeApp(RecordingHandler(), state: Fixtures.retryMidWait())
        let terminal = FakeTerminal(keys: [nil, .character("q")])
        app.run(on: terminal)
        #expect(terminal.timeouts.first == 0.1)
        #expect(terminal.drawn.last?.lines.joined().contains("wait 1.4s") == true)
    }

    @Test func resizeIsPickedUpAndRendered() {
        let app = makeApp(RecordingHandler())
        let terminal = FakeTerminal(keys: [nil, nil, .character("q")])
        terminal.onRead = { terminal in if terminal.timeouts.count == 2 { terminal.currentSize = .minimum } }
        app.run(on: terminal)
        #expect(app.state.size == .minimum)
        #expect(terminal.drawn.last?.width == 80 && terminal.drawn.last?.height == 24)
    }

    @Test func cyclingToAMissingThemeLogsTheErrorAndKeepsTheDefault() {
        let app = makeApp(RecordingHandler(), state: DashboardState(themeName: "default"))
        app.apply(.themesAvailable(["default", "ghost"]))
        app.handle(.character("t"))
        #expect(app.state.themeName == "ghost")
        #expect(app.theme == .builtInDefault)
        #expect(app.state.log.last?.level == .error)
    }

    @Test func ctrlCQuits() {
        let app = makeApp(RecordingHandler())
        #expect(app.handle(.ctrlC) == false)
    }
}

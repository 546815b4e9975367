/// The dashboard's keymap: ONE table that dispatches keys, fills the footer and the `?` help overlay.
package struct Keymap: Sendable, Hashable {
    /// The bindings, in help-overlay order.
    package var bindings: [KeyBinding]

    /// Creates a keymap from bindings.
    package init(bindings: [KeyBinding]) { self.bindings = bindings }

    /// The command bound to `key`, if any.
    package func command(for key: Key) -> DashboardCommand? {
        bindings.first { $0.key == key }?.command
    }

    /// The label of the first key bound to `command` (for hints drawn outside the footer), nil when unbound.
    package func keyLabel(for command: DashboardCommand) -> String? {
        bindings.first { $0.command == command }?.key.label
    }

    /// Bindings the footer always shows, in table order.
    package var footerBindings: [KeyBinding] { bindings.filter { $0.showInFooter && $0.footerPanes.isEmpty } }

    /// Bindings the footer shows while `focus` has the focus: those meant for that pane first (so they show
    /// in a narrow footer too), then the always-shown ones, each in table order.
    package func footerBindings(focus: DashboardPane) -> [KeyBinding] {
        bindings.filter { $0.showInFooter && $0.footerPanes.contains(focus) } + footerBindings
    }

    /// The stock keymap (htop / k9s / lazygit conventions).
    package static let standard = Keymap(bindings: [
        KeyBinding(
            key: .character("?"), label: "help", description: "show this help", command: .help, showInFooter: true),
        KeyBinding(key: .character("q"), label: "quit", description: "quit", command: .quit, showInFooter: true),
        KeyBinding(key: .ctrlC, label: "quit", description: "quit", command: .quit, showInFooter: false),
        KeyBinding(
            key: .escape, label: "close", description: "close overlay · clear filter", command: .closeOverlay,
            showInFooter: false),
        KeyBinding(key: .tab, label: "pane", description: "next pane", command: .focusNext, showInFooter: true),
        KeyBinding(
            key: .backTab, label: "pane", description: "previous pane", command: .focusPrevious, showInFooter: false),
        KeyBinding(key: .up, label: "up", description: "move up / log back", command: .moveUp, showInFooter: false),
        KeyBinding(
            key: .character("k"), label: "up", description: "move up / log back", command: .moveUp,
            showInFooter: false),
        KeyBinding(
            key: .down, label: "down", description: "move down / log forward", command: .moveDown, showInFooter: false),
        KeyBinding(
            key: .character("j"), label: "down", description: "move down / log forward", command: .moveDown,
            showInFooter: false),
        KeyBinding(
            key: .left, label: "left", description: "fingerprint side · time ◂", command: .moveLeft, showInFooter: false
        ),
        KeyBinding(
            key: .right, label: "right", description: "fingerprint side · time ▸", command: .moveRight,
            showInFooter: false),
        KeyBinding(
            key: .character("+"), label: "zoom in", description: "timeline: zoom in", command: .zoomIn,
            showInFooter: false),
        KeyBinding(
            key: .character("-"), label: "zoom out", description: "timeline: zoom out", command: .zoomOut,
            showInFooter: false),
        KeyBinding(
            key: .character("0"), label: "fit", description: "timeline: fit, follow newest", command: .fitTimeline,
            showInFooter: false),
        KeyBinding(
            key: .pageUp, label: "log back", description: "log: a page back", command: .pageUp, showInFooter: false),
        KeyBinding(
            key: .pageDown, label: "log fwd", description: "log: a page forward", command: .pageDown,
            showInFooter: false),
        KeyBinding(
            key: .enter, label: "edit", description: "edit · breakdown · inspect", command: .activate,
            showInFooter: false),
        KeyBinding(
            key: .character("o"), label: "open", description: "open link in app (direct)", command: .openLinkDirect,
            showInFooter: true),
        KeyBinding(
            key: .character("c"), label: "click", description: "click link in the browser", command: .clickLink,
            showInFooter: true),
        KeyBinding(
            key: .character("i"), label: "install", description: "install + first launch", command: .installAndLaunch,
            showInFooter: true),
        KeyBinding(
            key: .character("l"), label: "relaunch", description: "relaunch the app", command: .relaunch,
            showInFooter: false),
        KeyBinding(
            key: .character("R"), label: "reinstall", description: "reinstall (wipes device)", command: .reinstall,
            showInFooter: false),
        KeyBinding(
            key: .character("p"), label: "clipboard", description: "toggle clipboard reading",
            command: .toggleClipboardReading, showInFooter: false),
        KeyBinding(
            key: .character("w"), label: "wifi", description: "browser: same/other Wi-Fi", command: .toggleNetwork,
            showInFooter: false),
        KeyBinding(
            key: .character("f"), label: "fault", description: "inject fault, next N req.", command: .faultMenu,
            showInFooter: true),
        KeyBinding(
            key: .character("u"), label: "identity", description: "set identity", command: .setIdentityPrompt,
            showInFooter: false),
        KeyBinding(
            key: .character("U"), label: "unbind", description: "clear identity", command: .clearIdentity,
            showInFooter: false),
        KeyBinding(
            key: .character("e"), label: "event", description: "track an event", command: .trackEvent,
            showInFooter: false),
        KeyBinding(
            key: .character("E"), label: "big event", description: "track an oversized event",
            command: .trackOversizedEvent, showInFooter: false),
        KeyBinding(
            key: .character("F"), label: "flush", description: "flush events (attached app)", command: .flushEvents,
            showInFooter: false),
        KeyBinding(
            key: .character("D"), label: "devices", description: "attached apps (--attach)", command: .deviceList,
            showInFooter: false),
        KeyBinding(
            key: .character("P"), label: "service", description: "switch the service",
            command: .switchProvider, showInFooter: false),
        KeyBinding(
            key: .character("s"), label: "scenario", description: "run a scenario", command: .scenarioPicker,
            showInFooter: true),
        KeyBinding(
            key: .character("C"), label: "compare", description: "compare across the 4 services",
            command: .comparePicker, showInFooter: false),
        KeyBinding(
            key: .character("L"), label: "lab", description: "run the match lab",
            command: .runLab, showInFooter: false),
        KeyBinding(
            key: .character("t"), label: "theme", description: "cycle the colour theme", command: .cycleTheme,
            showInFooter: true),
        KeyBinding(
            key: .character("x"), label: "clear", description: "clear history", command: .clearHistory,
            showInFooter: false),
        KeyBinding(
            key: .character("X"), label: "export", description: "export HAR, report, SVG", command: .export,
            showInFooter: true),
        KeyBinding(
            key: .character("W"), label: "record", description: "record a session / stop",
            command: .toggleRecording, showInFooter: false),
        KeyBinding(
            key: .character("["), label: "step ◂", description: "session: one entry back · fwd",
            command: .replayStep(-1),
            showInFooter: false),
        KeyBinding(
            key: .character("]"), label: "step ▸", description: "session: one entry back · fwd",
            command: .replayStep(1), showInFooter: false),
        KeyBinding(
            key: .character("{"), label: "scenario ◂", description: "session: scenario back · fwd",
            command: .replayScenario(-1), showInFooter: false),
        KeyBinding(
            key: .character("}"), label: "scenario ▸", description: "session: scenario back · fwd",
            command: .replayScenario(1), showInFooter: false),
        KeyBinding(
            key: .character(">"), label: "faster", description: "session: play faster · slower",
            command: .replaySpeed(1), showInFooter: false),
        KeyBinding(
            key: .character("<"), label: "slower", description: "session: play faster · slower",
            command: .replaySpeed(-1), showInFooter: false),
        KeyBinding(
            key: .character("/"), label: "filter", description: "filter log · match attempts", command: .filter,
            showInFooter: true,
            footerPanes: [.log, .matches]),
    ])
}

/// The dashboard's keymap: ONE table that dispatches keys, fills the footer and the `?` help overlay.
public struct Keymap: Sendable, Hashable {
    /// The bindings, in help-overlay order.
    public var bindings: [KeyBinding]

    /// Creates a keymap from bindings.
    public init(bindings: [KeyBinding]) { self.bindings = bindings }

    /// The command bound to `key`, if any.
    public func command(for key: Key) -> DashboardCommand? {
        bindings.first { $0.key == key }?.command
    }

    /// Bindings the footer shows, in table order.
    public var footerBindings: [KeyBinding] { bindings.filter(\.showInFooter) }

    /// The stock keymap (htop / k9s / lazygit conventions).
    public static let standard = Keymap(bindings: [
        KeyBinding(key: .character("?"), label: "help", description: "show this help", command: .help, showInFooter: true),
        KeyBinding(key: .character("q"), label: "quit", description: "quit the dashboard", command: .quit, showInFooter: true),
        KeyBinding(key: .ctrlC, label: "quit", description: "quit the dashboard", command: .quit, showInFooter: false),
        KeyBinding(key: .escape, label: "close", description: "close the overlay", command: .closeOverlay, showInFooter: false),
        KeyBinding(key: .tab, label: "pane", description: "focus the next pane", command: .focusNext, showInFooter: true),
        KeyBinding(key: .backTab, label: "pane", description: "focus the previous pane", command: .focusPrevious, showInFooter: false),
        KeyBinding(key: .up, label: "up", description: "move up / scroll the log back", command: .moveUp, showInFooter: false),
        KeyBinding(key: .character("k"), label: "up", description: "move up (vi)", command: .moveUp, showInFooter: false),
        KeyBinding(key: .down, label: "down", description: "move down / scroll the log forward", command: .moveDown, showInFooter: false),
        KeyBinding(key: .character("j"), label: "down", description: "move down (vi)", command: .moveDown, showInFooter: false),
        KeyBinding(key: .left, label: "side", description: "fingerprint: app / browser column", command: .switchSide, showInFooter: false),
        KeyBinding(key: .right, label: "side", description: "fingerprint: app / browser column", command: .switchSide, showInFooter: false),
        KeyBinding(key: .pageUp, label: "log back", description: "scroll the log back a page", command: .pageUp, showInFooter: false),
        KeyBinding(key: .pageDown, label: "log fwd", description: "scroll the log forward a page", command: .pageDown, showInFooter: false),
        KeyBinding(key: .enter, label: "edit", description: "edit the fingerprint field / show the breakdown", command: .activate, showInFooter: false),
        KeyBinding(key: .character("o"), label: "open", description: "open a link in the app (direct)", command: .openLinkDirect, showInFooter: true),
        KeyBinding(key: .character("c"), label: "click", description: "click a link in the browser (records a click)", command: .clickLink, showInFooter: true),
        KeyBinding(key: .character("i"), label: "install", description: "install + first launch (deferred)", command: .installAndLaunch, showInFooter: true),
        KeyBinding(key: .character("l"), label: "relaunch", description: "launch the installed app again", command: .relaunch, showInFooter: false),
        KeyBinding(key: .character("R"), label: "reinstall", description: "reinstall (wipes device id and flags)", command: .reinstall, showInFooter: false),
        KeyBinding(key: .character("p"), label: "clipboard", description: "toggle clipboard (pasteboard) reading", command: .toggleClipboardReading, showInFooter: false),
        KeyBinding(key: .character("w"), label: "wifi", description: "browser on the same / another Wi-Fi", command: .toggleNetwork, showInFooter: false),
        KeyBinding(key: .character("f"), label: "fault", description: "inject a fault for the next N requests", command: .faultMenu, showInFooter: true),
        KeyBinding(key: .character("u"), label: "identity", description: "set the identity (external id)", command: .setIdentityPrompt, showInFooter: false),
        KeyBinding(key: .character("U"), label: "unbind", description: "clear the identity", command: .clearIdentity, showInFooter: false),
        KeyBinding(key: .character("e"), label: "event", description: "track an event", command: .trackEvent, showInFooter: false),
        KeyBinding(key: .character("E"), label: "big event", description: "track an oversized event", command: .trackOversizedEvent, showInFooter: false),
        KeyBinding(key: .character("s"), label: "scenario", description: "run a named scenario", command: .scenarioPicker, showInFooter: true),
        KeyBinding(key: .character("t"), label: "theme", description: "cycle the colour theme", command: .cycleTheme, showInFooter: true),
        KeyBinding(key: .character("x"), label: "clear", description: "clear attempts, timeline and log", command: .clearHistory, showInFooter: false),
    ])
}

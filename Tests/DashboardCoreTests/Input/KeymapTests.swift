import DashboardTestSupport
import Testing

@testable import DashboardCore
@testable import DashboardProxy

@Suite("Keymap")
struct KeymapTests {
    @Test func noKeyIsBoundTwice() {
        let keys = Keymap.standard.bindings.map(\.key)
        #expect(Set(keys).count == keys.count)
    }

    @Test func everyFooterHintComesFromTheTable() {
        let footer = DashboardRenderer.render(Fixtures.idle, size: ScreenSize(width: 200, height: 40)).lines[39]
        var expected = ""
        for binding in Keymap.standard.footerBindings { expected += "\(binding.key.label) \(binding.label)  " }
        #expect(footer.hasPrefix(" " + expected))
    }

    @Test func everyBindingAppearsInTheHelpOverlay() {
        let help = DashboardRenderer.render(Fixtures.help(), size: .full).lines.joined(separator: "\n")
        for binding in Keymap.standard.bindings {
            #expect(help.contains(binding.key.label), "key \(binding.key.label) missing from help")
        }
        for line in OverlayView.helpLines(.standard) { #expect(help.contains(line.description)) }
    }

    @Test func conventionsAreBound() {
        let map = Keymap.standard
        #expect(map.command(for: .character("?")) == .help)
        #expect(map.command(for: .character("q")) == .quit)
        #expect(map.command(for: .ctrlC) == .quit)
        #expect(map.command(for: .escape) == .closeOverlay)
        #expect(map.command(for: .tab) == .focusNext)
        #expect(map.command(for: .backTab) == .focusPrevious)
        #expect(map.command(for: .character("j")) == .moveDown && map.command(for: .down) == .moveDown)
        #expect(map.command(for: .character("k")) == .moveUp && map.command(for: .up) == .moveUp)
        #expect(map.command(for: .character("t")) == .cycleTheme)
    }

    @Test func everyRequiredActionHasAKey() {
        let commands = Set(Keymap.standard.bindings.map(\.command))
        let required: [DashboardCommand] = [
            .openLinkDirect, .clickLink, .installAndLaunch, .relaunch, .reinstall,
            .toggleClipboardReading, .activate, .toggleNetwork, .faultMenu, .setIdentityPrompt,
            .clearIdentity, .trackEvent, .trackOversizedEvent, .scenarioPicker, .cycleTheme,
            .clearHistory,
        ]
        for command in required { #expect(commands.contains(command), "no key for \(command)") }
    }
}

import DashboardTestSupport
import Testing

@testable import DashboardCore
@testable import DashboardSessions

@Suite("ANSI screen encoder")
struct ANSIScreenEncoderTests {
    /// A 20×3 buffer with a word in the error role and one bold.
    func sample() -> ScreenBuffer {
        var buffer = ScreenBuffer(width: 20, height: 3)
        buffer.write("hello", x: 0, y: 0)
        buffer.write("FAIL", x: 2, y: 1, role: .error, bold: true)
        buffer.write("╭─╮ …", x: 10, y: 2)
        return buffer
    }

    /// A theme with a red error foreground on a true-colour background, and the rest the terminal's own.
    let theme = Theme(
        name: "test",
        colors: [
            .mainFg: .terminalDefault, .mainBg: .rgb(red: 1, green: 2, blue: 3), .errorFg: .indexed(1),
        ])

    @Test func aWholeScreenDrawnOnATerminalShowsTheBuffersText() {
        // Given a buffer
        let buffer = sample()

        // When its whole-screen sequence is applied to a terminal showing something else
        var terminal = VirtualTerminal(width: 20, height: 3)
        terminal.apply("garbage everywhere")
        terminal.apply(ANSIScreenEncoder().screen(buffer, theme: theme))

        // Then the terminal shows exactly the buffer's rows, and understood every sequence
        #expect(terminal.lines == buffer.lines)
        #expect(terminal.unknown.isEmpty, "\(terminal.unknown)")
    }

    @Test func colourAndAttributesComeFromTheThemeAndTheCell() {
        // Given the sample drawn with the theme
        var terminal = VirtualTerminal(width: 20, height: 3)
        terminal.apply(ANSIScreenEncoder().screen(sample(), theme: theme))

        // Then the error cell is bold, red (SGR 31) on the theme's 24-bit background; plain text has no foreground
        #expect(terminal.styles[1][2] == "0;1;31;48;2;1;2;3")
        #expect(terminal.styles[0][0] == "0;48;2;1;2;3")
        // And the mono theme sends attributes only
        var mono = VirtualTerminal(width: 20, height: 3)
        mono.apply(ANSIScreenEncoder().screen(sample(), theme: .mono))
        #expect(mono.styles[1][2] == "0;1")
    }

    @Test func colourParametersCoverEveryKindOfThemeColour() {
        #expect(ANSIScreenEncoder.parameters(.terminalDefault, background: false) == nil)
        #expect(ANSIScreenEncoder.parameters(.indexed(2), background: false) == "32")
        #expect(ANSIScreenEncoder.parameters(.indexed(2), background: true) == "42")
        #expect(ANSIScreenEncoder.parameters(.indexed(12), background: false) == "94")
        #expect(ANSIScreenEncoder.parameters(.indexed(12), background: true) == "104")
        #expect(ANSIScreenEncoder.parameters(.indexed(208), background: false) == "38;5;208")
        #expect(
            ANSIScreenEncoder.parameters(.rgb(red: 30, green: 144, blue: 255), background: true) == "48;2;30;144;255")
    }

    @Test func changesSendOnlyTheChangedRunsAndTurnTheOldScreenIntoTheNew() {
        // Given a screen on the terminal, and a newer one where one word changed
        let old = sample()
        var new = old
        new.write("PASS", x: 2, y: 1, role: .ok)
        var terminal = VirtualTerminal(width: 20, height: 3)
        let encoder = ANSIScreenEncoder()
        terminal.apply(encoder.screen(old, theme: theme))

        // When the changes are applied
        let changes = encoder.changes(from: old, to: new, theme: theme)
        terminal.apply(changes)

        // Then the terminal shows the new screen, from one cursor move to the changed row
        #expect(terminal.lines == new.lines)
        #expect(changes.hasPrefix("\u{1B}[2;3H"))
        #expect(changes.components(separatedBy: "H").count - 1 == 1)
        #expect(changes.count < encoder.screen(new, theme: theme).count / 4)
        // And an unchanged screen costs nothing
        #expect(encoder.changes(from: new, to: new, theme: theme).isEmpty)
    }

    @Test func farApartChangesOnOneRowAreSeparateRuns() {
        // Given a row where the first and the last cells change
        let old = ScreenBuffer(width: 40, height: 1)
        var new = old
        new.write("a", x: 0, y: 0)
        new.write("b", x: 39, y: 0)

        // When encoded
        var terminal = VirtualTerminal(width: 40, height: 1)
        let changes = ANSIScreenEncoder().changes(from: old, to: new, theme: .mono)
        terminal.apply(changes)

        // Then two runs of one cell are sent, not the 38 blanks between them
        #expect(terminal.lines == new.lines)
        #expect(changes.contains("\u{1B}[1;1H") && changes.contains("\u{1B}[1;40H"))
        #expect(changes.count < 40)
    }

    @Test func aSizeChangeRedrawsTheWholeScreen() {
        // Given a 20×3 screen followed by a 10×2 one
        let old = sample()
        var new = ScreenBuffer(width: 10, height: 2)
        new.write("small", x: 0, y: 0)

        // When the changes are computed
        let changes = ANSIScreenEncoder().changes(from: old, to: new, theme: .mono)

        // Then they clear and draw everything
        #expect(changes.contains("\u{1B}[2J"))
        var terminal = VirtualTerminal(width: 10, height: 2)
        terminal.apply(changes)
        #expect(terminal.lines == new.lines)
    }
}

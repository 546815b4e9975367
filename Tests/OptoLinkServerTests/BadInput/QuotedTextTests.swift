import OptoLinkToolSupport
import Testing

@testable import OptoLinkServer

/// The one way an error quotes a user's text: control bytes escaped, long text cut.
@Suite("Errors quote a user's text safely")
struct QuotedTextTests {
    @Test func controlBytesAreEscapedSoTheTerminalIsNotDriven() {
        // Given a lab value that would clear the screen, when it is quoted
        let quoted = QuotedText.quote("5\u{1B}[2J\u{0}\n\u{7F}\u{202E}")

        // Then no control byte is left and each is visible
        #expect(quoted == "'5\\e[2J\\u{0}\\n\\u{7f}\\u{202e}'")
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func longTextIsCutAtEightyCharactersWithAnEllipsis() {
        // Given 4 MiB of NULs and a long line, when each is quoted
        let nuls = QuotedText.quote(String(repeating: "\u{0}", count: 4 << 20))
        let long = QuotedText.escaped(String(repeating: "a", count: 500))

        // Then each is cut after 80 characters of the user's text
        #expect(long == String(repeating: "a", count: 80) + "…")
        #expect(nuls.count < 80 * 6 + 4)
        #expect(nuls.hasSuffix("…'"))
    }
}

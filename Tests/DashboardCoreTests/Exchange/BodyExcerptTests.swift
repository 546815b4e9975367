import Foundation
import Testing

@testable import DashboardCore

@Suite("Doctor: a body quoted on one line")
struct BodyExcerptTests {
    @Test func whitespaceRunsFoldToOneSpaceAndTheEndsAreTrimmed() {
        #expect(BodyExcerpt.line("\n  <html>\r\n\t<head>  x \n\n") == "<html> <head> x")
        #expect(BodyExcerpt.line(Data("{\"ok\":true}\n".utf8)) == #"{"ok":true}"#)
    }

    @Test func controlCharactersFoldLikeWhitespace() {
        // A terminal escape or a NUL in a body never reaches the checklist line
        #expect(BodyExcerpt.line("a\u{1B}[31mb\u{0}c") == "a [31mb c")
    }

    @Test func aLongTextIsCutWithAnEllipsisWithinTheLimit() {
        let text = String(repeating: "abcd ", count: 40)
        let excerpt = BodyExcerpt.line(text)
        #expect(excerpt.count <= BodyExcerpt.maxLength && excerpt.hasSuffix("abcd…"))
        #expect(BodyExcerpt.line(String(repeating: "x", count: 10), maxLength: 10) == "xxxxxxxxxx")
        #expect(BodyExcerpt.line(String(repeating: "x", count: 11), maxLength: 10) == "xxxxxxxxx…")
        // A cut just after a space leaves no space before the ellipsis
        #expect(BodyExcerpt.line("abcdefgh  ijk", maxLength: 10) == "abcdefgh…")
    }

    @Test func emptyAndBlankBodiesQuoteNothing() {
        #expect(BodyExcerpt.line(Data()) == "")
        #expect(BodyExcerpt.line(" \n\t ") == "")
    }

    @Test func bytesThatAreNotUTF8AreReplacedNotDropped() {
        #expect(BodyExcerpt.line(Data([0x6F, 0x6B, 0xFF, 0x0A, 0x21])) == "ok\u{FFFD} !")
    }
}

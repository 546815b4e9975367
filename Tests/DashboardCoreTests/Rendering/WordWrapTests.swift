import Testing

@testable import DashboardCore

@Suite("WordWrap")
struct WordWrapTests {
    @Test func linesBreakAtSpacesAndLongWordsAreCut() {
        #expect(
            WordWrap.lines("expects a click from another network", width: 12) == [
                "expects a", "click from", "another", "network",
            ])
        #expect(WordWrap.lines("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
        #expect(WordWrap.lines("", width: 10).isEmpty)
        #expect(WordWrap.lines("a b", width: 0).isEmpty)
    }

    @Test func fitTakesTheFirstCandidateThatFitsElseCutsTheLastWithAnEllipsis() {
        let long = "PASS: expected a lot of things to happen · observed they did"
        #expect(
            WordWrap.fit([long, "PASS: observed they did"], width: 30, rows: 2) == [
                "PASS: expected a lot of things", "to happen · observed they did",
            ])
        #expect(WordWrap.fit([long, "PASS: observed they did"], width: 30, rows: 1) == ["PASS: observed they did"])
        #expect(WordWrap.fit([long, "PASS: observed they did"], width: 10, rows: 1) == ["PASS:…"])
        #expect(WordWrap.fit(["x"], width: 10, rows: 0).isEmpty)
    }
}

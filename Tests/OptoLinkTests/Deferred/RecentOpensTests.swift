import Foundation
import Testing

@testable import OptoLink

@Suite("RecentOpens: one open per URL within the duplicate window")
struct RecentOpensTests {
    static let url = "https://links.demo.test/demo/summer"

    @Test func aSecondOpenOfTheSameURLWithinTheWindowIsTheFirstOne() {
        // Given an open recorded at 100 s
        var opens = RecentOpens()
        let first = opens.record(Self.url, at: 100)

        // When the same URL is looked up just inside the window, and another URL at the same time
        let again = opens.open(of: Self.url, at: 100 + RecentOpens.duplicateWindow - 0.001)
        let other = opens.open(of: "https://links.demo.test/demo/welcome", at: 100)

        // Then the first open is found for its URL only
        #expect(again === first)
        #expect(other == nil)
    }

    @Test func anOpenLeavesTheWindowAfterItsSecondsAndANewOneReplacesIt() {
        // Given an open recorded at 100 s
        var opens = RecentOpens()
        let first = opens.record(Self.url, at: 100)

        // When the window has passed and the URL is opened again
        let afterWindow = opens.open(of: Self.url, at: 100 + RecentOpens.duplicateWindow)
        let second = opens.record(Self.url, at: 100 + RecentOpens.duplicateWindow)

        // Then the old open no longer counts, and the new one is found from then on
        #expect(afterWindow == nil)
        #expect(second !== first)
        #expect(opens.open(of: Self.url, at: 100 + RecentOpens.duplicateWindow + 1) === second)
    }

    @Test func stoppingStopsOnlyTheOpensStillRunning() {
        // Given two opens, one of which finished
        var opens = RecentOpens()
        let finished = opens.record(Self.url, at: 1)
        let running = opens.record("https://links.demo.test/demo/welcome", at: 2)
        opens.finish(finished)

        // When the running opens are stopped (shutdown)
        opens.stopRunning()

        // Then only the one still running is asked to stop
        #expect(running.isStopped)
        #expect(!finished.isStopped)
    }

    @Test func thousandsOfOpensOverTimeKeepOnlyTheWindowsOnes() {
        // Given one open per second for an hour, each of its own URL
        var opens = RecentOpens()
        for second in 0..<3_600 { _ = opens.record("u\(second)", at: TimeInterval(second)) }

        // Then the URLs opened within the last window are found, the older ones are not
        #expect(opens.open(of: "u3599", at: 3_600) != nil)
        #expect(opens.open(of: "u3596", at: 3_600) != nil)
        #expect(opens.open(of: "u3595", at: 3_600) == nil)
        #expect(opens.open(of: "u0", at: 3_600) == nil)
    }
}

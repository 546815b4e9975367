import Foundation
import Testing
@testable import OptoLinkServer

@Suite struct RateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func eachFamilyHasItsLimitPerMinute() throws {
        for family in RateLimiter.Family.allCases {
            let limiter = RateLimiter()
            for _ in 0..<family.limit { try limiter.check(family, ip: "1.1.1.1", now: start) }
            #expect(throws: OptoLinkServerError.self) { try limiter.check(family, ip: "1.1.1.1", now: start) }
        }
        #expect(RateLimiter.Family.resolve.limit == 500)
        #expect(RateLimiter.Family.match.limit == 30)
        #expect(RateLimiter.Family.sdk.limit == 60)
        #expect(RateLimiter.Family.events.limit == 600)
    }

    @Test func retryAfterCountsDownToTheWindowEndAndThenResets() throws {
        let limiter = RateLimiter()
        for _ in 0..<30 { try limiter.check(.match, ip: "1.1.1.1", now: start) }
        do {
            try limiter.check(.match, ip: "1.1.1.1", now: start.addingTimeInterval(20.5))
            Issue.record("expected 429")
        } catch {
            #expect(error.status == 429)
            #expect(error.retryAfter == 40)
            #expect(error.message == "Retry after 40 second(s)")
        }
        // Other addresses and families are independent.
        try limiter.check(.match, ip: "2.2.2.2", now: start)
        try limiter.check(.sdk, ip: "1.1.1.1", now: start)
        // The window closes after 60 s.
        try limiter.check(.match, ip: "1.1.1.1", now: start.addingTimeInterval(60))
    }

    @Test func retryAfterIsAtLeastOneSecond() throws {
        let limiter = RateLimiter()
        for _ in 0..<30 { try limiter.check(.match, ip: "1.1.1.1", now: start) }
        let error = #expect(throws: OptoLinkServerError.self) { try limiter.check(.match, ip: "1.1.1.1", now: start.addingTimeInterval(59.999)) }
        #expect(error?.retryAfter == 1)
    }
    /// The limiter before sweeps could be skipped, as the reference.
    final class ReferenceLimiter {
        struct Window { var start: Date; var count: Int }
        var windows: [String: Window] = [:]
        var lastPrune: Date?
        var sweepAt = RateLimiter.minimumSweepSize

        func check(_ family: RateLimiter.Family, ip: String, now: Date) -> Int? {
            let key = family.rawValue + "|" + ip
            let due = lastPrune.map { now.timeIntervalSince($0) >= RateLimiter.window || now < $0 } ?? false
            if due || windows.count > sweepAt {
                windows = windows.filter { now.timeIntervalSince($0.value.start) < RateLimiter.window && now >= $0.value.start }
                sweepAt = max(RateLimiter.minimumSweepSize, windows.count * 2)
            }
            if due || lastPrune == nil { lastPrune = now }
            var window = windows[key] ?? Window(start: now, count: 0)
            if now.timeIntervalSince(window.start) >= RateLimiter.window || now < window.start { window = Window(start: now, count: 0) }
            guard window.count < family.limit else {
                return Int((window.start.addingTimeInterval(RateLimiter.window).timeIntervalSince(now)).rounded(.up))
            }
            window.count += 1
            windows[key] = window
            return nil
        }
    }

    @Test func decisionsAndWindowCountsMatchTheLimiterThatAlwaysSwept() {
        var rng = SplitMix64(seed: 15)
        let limiter = RateLimiter()
        let reference = ReferenceLimiter()
        var now = start
        // Bursts of new addresses (past the 20 000 sweep size), repeated addresses, time going on
        // slowly, jumping a minute and more, and sometimes back.
        for step in 0..<120_000 {
            // Every 30 000 steps: 25 000 steps of a burst (a new address each, 0.2 ms apart: sweeps past
            // 20 000 windows with nothing to drop), then a mix with jumps.
            let burst = step % 30_000 < 25_000
            switch Int.random(in: 0..<1000, using: &rng) {
            case 0 where !burst: now = now.addingTimeInterval(Double.random(in: 30...90, using: &rng))
            case 1 where !burst: now = now.addingTimeInterval(-Double.random(in: 0...20, using: &rng))
            default: now = now.addingTimeInterval(burst ? 0.0002 : Double.random(in: 0...0.004, using: &rng))
            }
            let family = burst ? .resolve : RateLimiter.Family.allCases.randomElement(using: &rng)!
            let ip = burst || Bool.random(using: &rng) ? "10.\(step / 65536).\(step / 256 % 256).\(step % 256)" : "10.9.9.\(Int.random(in: 0..<40, using: &rng))"
            var got: Int?
            do { try limiter.check(family, ip: ip, now: now) } catch { got = error.retryAfter }
            let expected = reference.check(family, ip: ip, now: now)
            #expect(got == expected, "step \(step)")
            if step % 97 == 0 || got != expected {
                #expect(limiter.windowCount == reference.windows.count, "step \(step)")
            }
            if got != expected { break }
        }
        #expect(limiter.windowCount == reference.windows.count)
    }
}

import Foundation
import Testing

@testable import OptoLinkServer

@Suite struct RateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A limiter on a manual clock, and a way to count one request at a given time.
    func limiter() -> (RateLimiter, (RateLimiter.Family, String, Date) throws(OptoLinkServerError) -> Void) {
        let clock = ManualServerClock(start)
        let limiter = RateLimiter(clock: clock)
        return (
            limiter,
            { (family, ip, now) throws(OptoLinkServerError) in
                clock.set(now)
                try limiter.check(family, ip: ip)
            }
        )
    }

    @Test func eachFamilyHasItsLimitPerMinute() throws {
        for family in RateLimiter.Family.allCases {
            let (_, check) = limiter()
            for _ in 0..<family.limit { try check(family, "1.1.1.1", start) }
            #expect(throws: OptoLinkServerError.self) { try check(family, "1.1.1.1", start) }
        }
        #expect(RateLimiter.Family.resolve.limit == 500)
        #expect(RateLimiter.Family.match.limit == 30)
        #expect(RateLimiter.Family.sdk.limit == 60)
        #expect(RateLimiter.Family.events.limit == 600)
    }

    @Test func retryAfterCountsDownToTheWindowEndAndThenResets() throws {
        let (_, check) = limiter()
        for _ in 0..<30 { try check(.match, "1.1.1.1", start) }
        do {
            try check(.match, "1.1.1.1", start.addingTimeInterval(20.5))
            Issue.record("expected 429")
        } catch {
            #expect(error.status == 429)
            #expect(error.retryAfter == 40)
            #expect(error.message == "Retry after 40 second(s)")
        }
        // Other addresses and families are independent.
        try check(.match, "2.2.2.2", start)
        try check(.sdk, "1.1.1.1", start)
        // The window closes after 60 s.
        try check(.match, "1.1.1.1", start.addingTimeInterval(60))
    }

    @Test func retryAfterIsAtLeastOneSecond() throws {
        let (_, check) = limiter()
        for _ in 0..<30 { try check(.match, "1.1.1.1", start) }
        let error = #expect(throws: OptoLinkServerError.self) {
            try check(.match, "1.1.1.1", start.addingTimeInterval(59.999))
        }
        #expect(error?.retryAfter == 1)
    }
    /// The limiter before sweeps could be skipped, as the reference (with the rule for a clock that steps
    /// back: the window keeps its count and starts at the earlier time).
    final class ReferenceLimiter {
        struct Window {
            var start: Date
            var count: Int
        }
        var windows: [String: Window] = [:]
        var lastPrune: Date?
        var sweepAt = RateLimiter.minimumSweepSize

        func check(_ family: RateLimiter.Family, ip: String, now: Date) -> Int? {
            let key = family.rawValue + "|" + ip
            let due = lastPrune.map { now.timeIntervalSince($0) >= RateLimiter.window || now < $0 } ?? false
            if due || windows.count > sweepAt {
                windows = windows.filter { now.timeIntervalSince($0.value.start) < RateLimiter.window }
                sweepAt = max(RateLimiter.minimumSweepSize, windows.count * 2)
            }
            if due || lastPrune == nil { lastPrune = now }
            var window = windows[key] ?? Window(start: now, count: 0)
            if now.timeIntervalSince(window.start) >= RateLimiter.window {
                window = Window(start: now, count: 0)
            } else if now < window.start {
                window.start = now
                windows[key] = window
            }
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
        let (limiter, check) = self.limiter()
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
            let ip =
                burst || Bool.random(using: &rng)
                ? "10.\(step / 65536).\(step / 256 % 256).\(step % 256)"
                : "10.9.9.\(Int.random(in: 0..<40, using: &rng))"
            var got: Int?
            do { try check(family, ip, now) } catch { got = error.retryAfter }
            let expected = reference.check(family, ip: ip, now: now)
            #expect(got == expected, "step \(step)")
            if step % 97 == 0 || got != expected {
                #expect(limiter.windowCount == reference.windows.count, "step \(step)")
            }
            if got != expected { break }
        }
        #expect(limiter.windowCount == reference.windows.count)
    }

    /// A clock each reading of which is `step` seconds after the previous one (thread-safe).
    final class SteppingClock: ServerClock, @unchecked Sendable {
        // @unchecked: `next` is only touched under `lock`.
        private let lock = NSLock()
        private var next: Date
        private let step: TimeInterval
        init(_ start: Date, step: TimeInterval) {
            next = start
            self.step = step
        }
        func now() -> Date {
            lock.lock()
            defer { lock.unlock() }
            let value = next
            next += step
            return value
        }
    }

    /// Issue 13, item 6: requests stamped out of order (each a millisecond before the one counted
    /// before it, as when a request's time was taken before the lock and a later one got the lock first)
    /// never reopen the window: exactly the limit gets through.
    @Test func requestsStampedOutOfOrderNeverReopenAWindow() {
        let limiter = RateLimiter(clock: SteppingClock(start, step: -0.001))
        var allowed = 0
        for _ in 0..<1000 { if (try? limiter.check(.resolve, ip: "10.0.0.1")) != nil { allowed += 1 } }
        #expect(allowed == 500)
    }

    /// Eight threads asking at once, on a clock read inside the lock: exactly 500 of 1 600 requests from
    /// one address get through a 500/min window, whether the clock runs forward or steps back.
    @Test(arguments: [0.0001, -0.0001])
    func concurrentCallersGetExactlyTheLimit(step: TimeInterval) async {
        let limiter = RateLimiter(clock: SteppingClock(start, step: step))
        let allowed = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread {
                            var count = 0
                            for _ in 0..<200 { if (try? limiter.check(.resolve, ip: "10.0.0.1")) != nil { count += 1 } }
                            continuation.resume(returning: count)
                        }.start()
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(allowed == 500)
    }
}

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
}

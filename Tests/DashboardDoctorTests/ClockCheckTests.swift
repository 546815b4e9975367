import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: clock skew from the Date header")
struct ClockCheckTests {
    func dated(_ offset: TimeInterval, roundTrip: TimeInterval = 0.02) -> DoctorExchange {
        let start = DoctorFixtures.start
        return DoctorFixtures.answered(
            "GET", "/health", status: 200,
            headers: ["Date": HTTPDate.string(start.addingTimeInterval(offset))],
            sentAt: start, roundTrip: roundTrip)
    }

    @Test func aSmallSkewPasses() {
        let check = ClockCheck.check([dated(3)])
        #expect(check.status == .pass)
        #expect(check.detail.hasPrefix("the backend's clock is 3.5 s ahead of this machine's"))
    }

    @Test func pastTheThresholdItWarnsButDoesNotFail() {
        let ahead = ClockCheck.check([dated(95)])
        #expect(ahead.status == .warn)
        #expect(ahead.detail.contains("95 s ahead") || ahead.detail.contains("96 s ahead"))
        #expect(ahead.fix?.contains("NTP") == true)
        let behind = ClockCheck.check([dated(-300)])
        #expect(behind.status == .warn && behind.detail.contains("behind"))
        #expect(ClockCheck.check([dated(59)]).status == .pass)
    }

    @Test func theShortestRoundTripIsUsed() {
        // Given a slow exchange that says +200 s and a quick one that says +1 s
        let check = ClockCheck.check([dated(200, roundTrip: 3), dated(1, roundTrip: 0.01)])
        #expect(check.status == .pass)
    }

    @Test func aMissingOrUnreadableDateWarns() {
        let missing = ClockCheck.check([DoctorFixtures.answered("GET", "/health", status: 200)])
        #expect(missing.status == .warn && missing.detail == "no Date header in any answer")
        #expect(missing.fix?.contains("RFC 9110") == true)
        let garbled = ClockCheck.check([
            DoctorFixtures.answered("GET", "/health", status: 200, headers: ["Date": "yesterday"])
        ])
        #expect(garbled.status == .warn && garbled.detail == "unreadable Date header \"yesterday\"")
        #expect(ClockCheck.check([DoctorFixtures.failed("GET", "/health", code: .timedOut)]).status == .skip)
    }

    @Test func httpDatesInAllThreeFormsAreRead() {
        let expected = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT (RFC 9110's example)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.parse("06/11/1994") == nil)
        #expect(HTTPDate.string(expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}

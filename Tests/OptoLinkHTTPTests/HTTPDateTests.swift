import Foundation
import Testing

@testable import OptoLinkHTTP

/// Every answer carries a `Date` header (RFC 9110 §6.6.1: an origin server with a clock must send one), in
/// IMF-fixdate form; the doctor's clock-skew check reads it.
@Suite("Date header")
struct HTTPDateTests {
    @Test func imfFixdateOfKnownInstants() {
        // RFC 9110's own example, the epoch, a leap day and the end of a year.
        #expect(HTTPDate.imfFixdate(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.imfFixdate(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.imfFixdate(secondsSince1970: 1_709_164_800) == "Thu, 29 Feb 2024 00:00:00 GMT")
        #expect(HTTPDate.imfFixdate(secondsSince1970: 1_798_761_599) == "Thu, 31 Dec 2026 23:59:59 GMT")
    }

    @Test func agreesWithFoundationsFormatterOnRandomInstants() {
        // Given Foundation's formatter in the POSIX locale as the oracle
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Int.random(in: 0...4_102_444_800, using: &random)  // 1970 to 2100
            #expect(
                HTTPDate.imfFixdate(secondsSince1970: seconds)
                    == formatter.string(from: Date(timeIntervalSince1970: Double(seconds))))
        }
    }

    @Test func everyServedAnswerHasOneDateHeaderUnlessItBringsItsOwn() {
        // When an answer without a Date is written, it gets one; one that has its own (a proxied answer) keeps it alone
        let plain = String(
            decoding: HTTPResponse(status: 204).serialized(keepAlive: true, date: "Sun, 06 Nov 1994 08:49:37 GMT"),
            as: UTF8.self)
        #expect(
            plain
                == "HTTP/1.1 204 No Content\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                + "Content-Length: 0\r\nConnection: keep-alive\r\n\r\n"
        )
        let own = HTTPResponse(status: 200, headers: [("date", "Mon, 07 Nov 1994 08:49:37 GMT")])
        let text = String(
            decoding: own.serialized(keepAlive: false, date: "Sun, 06 Nov 1994 08:49:37 GMT"), as: UTF8.self)
        #expect(
            text.components(separatedBy: "\r\n").filter { $0.lowercased().hasPrefix("date:") } == [
                "date: Mon, 07 Nov 1994 08:49:37 GMT"
            ])
    }
}

import Foundation
import Testing
@testable import OptoLink

@Suite("URLSessionTransport")
struct URLSessionTransportTests {
    @Test func timeoutsAreWholeSecondsOfAtLeastOneOffApplePlatforms() {
        #if canImport(Darwin)
        #expect(URLSessionTransport.effectiveTimeout(0.5) == 0.5)
        #expect(URLSessionTransport.effectiveTimeout(10) == 10)
        #else
        #expect(URLSessionTransport.effectiveTimeout(0.2) == 1)
        #expect(URLSessionTransport.effectiveTimeout(1) == 1)
        #expect(URLSessionTransport.effectiveTimeout(1.1) == 2)
        #expect(URLSessionTransport.effectiveTimeout(10) == 10)
        #expect(URLSessionTransport.effectiveTimeout(0) == 1)
        #endif
    }
}

import Foundation
import Testing

@testable import OptoLink

@Suite("HTTPResponse header fields")
struct HTTPResponseHeaderTests {
    @Test func headersConvertedOnFirstReadBehaveLikeGivenOnes() {
        let converted = Recorder<Int>()
        let lazy = HTTPResponse(status: 200, body: Data("{}".utf8)) {
            converted.record(1)
            return ["Content-Type": "application/json", "Retry-After": " 3 "]
        }
        let eager = HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json", "Retry-After": " 3 "], body: Data("{}".utf8))
        #expect(converted.all.isEmpty)
        #expect(lazy == eager)
        #expect(lazy.hashValue == eager.hashValue)
        #expect(lazy.header("retry-after") == "3")
        #expect(converted.all == [1])  // converted once, then kept
    }

    @Test func settingHeadersOnACopyLeavesTheOriginalAlone() {
        let original = HTTPResponse(status: 503, body: Data()) { ["Retry-After": "5"] }
        var copy = original
        copy.headers["Retry-After"] = "9"
        #expect(original.header("Retry-After") == "5")
        #expect(copy.header("Retry-After") == "9")
        #expect(original != copy)
    }
}

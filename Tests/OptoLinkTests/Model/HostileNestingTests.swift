import Foundation
import Testing

@testable import OptoLink

/// Runs `body` on a thread with a 512 KiB stack (what Apple gives its cooperative threads) and returns
/// its result; a recursion too deep for that stack crashes the test process.
func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 512 * 1024
        thread.start()
    }
}

/// No code path decodes untrusted nesting recursively past the parser's depth cap.
@Suite("Hostile nesting on a 512 KiB stack")
struct HostileNestingTests {
    static func nested(_ depth: Int, open: String = "[", close: String = "]", closed: Bool = true) -> Data {
        Data(
            (String(repeating: open, count: depth) + "1" + (closed ? String(repeating: close, count: depth) : "")).utf8)
    }

    @Test(arguments: [600, 5_000, 100_000])
    func deepArraysAreRefusedWithoutRecursing(depth: Int) async {
        let data = Self.nested(depth)
        let refused = await onSmallStack { (try? JSONValueParser.decode(data)) == nil }
        #expect(refused)
    }

    @Test func deepObjectsAndUnclosedNestingAreRefusedToo() async {
        let objects = Self.nested(50_000, open: #"{"a":"#, close: "}")
        let unclosed = Self.nested(200_000, closed: false)
        let refused = await onSmallStack {
            (try? JSONValueParser.decode(objects)) == nil && (try? JSONValueParser.decode(unclosed)) == nil
        }
        #expect(refused)
    }

    @Test func theDeepestAllowedValueDecodesAndIsFreedOnASmallStack() async {
        let data = Self.nested(JSONValueParser.maxDepth)
        let depth = await onSmallStack { () -> Int? in
            guard var value = try? JSONValueParser.decode(data) else { return nil }
            var levels = 0
            while case .array(let elements) = value, let first = elements.first {
                levels += 1
                value = first
            }
            return levels
        }
        #expect(depth == JSONValueParser.maxDepth)
    }

    @Test func anErrorEnvelopeNestedDeepIsAnHTTPErrorNotACrash() async {
        // Under the 64 KiB envelope limit: 30 000 levels of `{"message":`.
        let body = Self.nested(30_000 / 11, open: #"{"message":"#, close: "}")
        let deepArray = Self.nested(60_000)
        let errors = await onSmallStack { () -> [OptoLinkError] in
            [
                OptoLinkError.http(HTTPResponse(status: 400, body: body)),
                OptoLinkError.http(HTTPResponse(status: 502, body: deepArray)),
            ]
        }
        #expect(errors.map(\.status) == [400, 502])
        #expect(errors.allSatisfy { $0 == .httpStatus && $0.message.hasPrefix("HTTP ") })
    }

    @Test func aRequestsJSONBodyIsReadWithTheSameParser() async {
        let request = HTTPRequest(
            method: "POST", url: URL(string: "https://links.demo.test/sdk/events")!, body: Self.nested(100_000),
            timeout: 10)
        let body = await onSmallStack { request.jsonBody }
        #expect(body == nil)
        let ok = HTTPRequest(
            method: "POST", url: URL(string: "https://links.demo.test/sdk/events")!,
            body: Data(#"{"a":[1,{"b":null}]}"#.utf8), timeout: 10)
        #expect(ok.jsonBody == ["a": [1, ["b": nil]]])
    }
}

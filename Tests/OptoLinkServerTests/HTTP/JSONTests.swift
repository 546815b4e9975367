import Foundation
import Testing

@testable import OptoLinkServer

@Suite struct JSONTests {
    func parse(_ text: String) throws -> JSON { try JSONParser.parse(Array(text.utf8)) }

    @Test func parsesEveryKind() throws {
        #expect(
            try parse(#" {"a":[1,-2.5e2,true,false,null,"x\n\u00e9\ud83d\ude00"],"b":{}} "#) == [
                "a": [1, -250, true, false, nil, .string("x\né😀")], "b": [:],
            ])
    }

    @Test func rejectsWhatRFC8259Rejects() {
        for text in [
            "", "01", "1.", ".5", "+1", "[1,]", "{\"a\"}", "{'a':1}", "\"a", "\"\\x\"", "tru", "[1] [2]", "\"\u{01}\"",
            "NaN", "1e400",
        ] {
            #expect(throws: OptoLinkServerError.self, "\(text)") { try parse(text) }
        }
    }

    @Test func limitsNesting() throws {
        _ = try parse(String(repeating: "[", count: 63) + String(repeating: "]", count: 63))
        #expect(throws: OptoLinkServerError.self) {
            try parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
        }
    }

    @Test func serializesDeterministicallyAndRoundTrips() throws {
        let value: JSON = ["b": 1, "a": ["x": "q\"\\\u{1}"], "n": 12.5, "big": 1e20, "neg": -3]
        #expect(value.serialized() == #"{"a":{"x":"q\"\\\u0001"},"b":1,"big":1e+20,"n":12.5,"neg":-3}"#)
        #expect(try JSONParser.parse(value.data) == value)
    }

    @Test func isoTimestampsHaveMillisecondsAndZ() {
        #expect(ISOTime.string(Date(timeIntervalSince1970: 1_800_000_000.1234)) == "2027-01-15T08:00:00.123Z")
        #expect(ISOTime.string(Date(timeIntervalSince1970: 0.9996)) == "1970-01-01T00:00:01.000Z")
        #expect(ISOTime.parse("2027-01-15T08:00:00.123Z")?.timeIntervalSince1970 == 1_800_000_000.123)
        #expect(ISOTime.parse("2020-01-01T00:00:00Z") != nil)
        // Any offset of hours 00–23 and minutes 00–59 is a time; another is not
        #expect(ISOTime.parse("2020-01-01T01:30:00+01:30")?.timeIntervalSince1970 == 1_577_836_800)
        #expect(ISOTime.parse("2020-01-01T00:00:00.5-23:59") != nil)
        #expect(ISOTime.parse("2020-01-01T00:00:00+99:99") == nil)
        #expect(ISOTime.parse("2020-01-01T00:00:00+24:00") == nil)
    }

    @Test func clipboardTokensHaveTheSeedFormat() {
        for _ in 0..<100 {
            let token = RandomToken.clipboardToken()
            #expect(token.count == 26)
            #expect(RandomToken.isClipboardToken(Substring(token)))
        }
        #expect(Set((0..<100).map { _ in RandomToken.clipboardToken() }).count == 100)
    }
}

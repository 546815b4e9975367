import Foundation
import Testing

@testable import OptoLink

/// The SDK's only JSON reader must accept exactly what `JSONDecoder` accepts, and read it the same.
@Suite struct JSONValueParserTests {
    static let wellFormed = [
        #"{"linkId":"lnk_0123456789abcdef","path":"/promo/summer","#
            + #""params":{"campaign":"summer","utm_source":"newsletter"}}"#,
        #"{"matched":true,"matchMethod":"FINGERPRINT_SCORED","matchConfidence":"medium","matchScore":78,"params":{}}"#,
        #"{"matched":false,"matchMethod":"NONE"}"#,
        #"[1, -0, 0.5, -12.25, 0.01, 12345678901234567890, true, false, null, [], {}, [[[]]]]"#,
        "{\"\u{FEFF}key\":\"\u{FEFF}value \u{FEFF}\"}",
        #"{"esc":"quote \" backslash \\ slash \/ \b\f\n\r\t","uni":"\u00e9\u4e2d\ud83d\ude00","raw":"é中😀"}"#,
        " \n\t{ \"a\" : [ 1 , { \"b\" : null } ] } \r\n",
        #""just a string""#,
        "42",
        #"{"dup":1,"dup":2}"#,
        // Integers take a path of their own (up to 15 digits; longer ones go through Double's parser).
        "[0, -0, 7, -7, 999999999999999, -999999999999999, 1000000000000000, 9007199254740993, -123456789012345678]",
        // ASCII strings without escapes are built in one go; the rest scalar by scalar, mixed here.
        #"["plain", "", " ", "~!@#$%^&*()_+{}|:<>?", "tail\\", "mid\"dle", "é", "ascii then é", "\u0041", "a\/b"]"#,
        // Exponents, read natively (they used to go through JSONDecoder).
        "[1E-2, 1e5, -2.5E+3, 0e0, 1e-310, 1.7976931348623157e308, 4.9e-324, 123456789e-9, 2.2250738585072014e-308]",
    ]

    @Test(arguments: wellFormed)
    func readsWhatJSONDecoderReads(_ text: String) throws {
        let data = Data(text.utf8)
        let fast = try #require(JSONValueParser.parse(data))
        let reference = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(fast == reference)
    }

    static let refused = [
        "", "{", "[1,]", #"{"a":1,}"#, "01", "1.", ".5", "-", "1e", "+1", "tru", "nul", #""unterminated"#,
        "\"tab\there\"", #""\x""#, #""\ud800""#, #""\udc00x""#, "1e400", "{} {}", #"{'a':1}"#, "[1 2]",
        "-0.5e-999", "1e+", "1e-", "1.5e", "0." + String(repeating: "0", count: 400) + "1",
    ]

    @Test(arguments: refused)
    func refusesWhatIsNotStrictJSON(_ text: String) {
        #expect(JSONValueParser.parse(Data(text.utf8)) == nil)
    }

    @Test func refusesInvalidUTF8() {
        let data = Data([0x22, 0xC3, 0x28, 0x22])  // "\xC3(" : invalid UTF-8 inside a string
        #expect(JSONValueParser.parse(data) == nil)
        #expect(throws: JSONValueParser.Failure.self) { try JSONValueParser.decode(data) }
    }

    @Test func aLeadingByteOrderMarkIsSkippedAsJSONDecoderSkipsIt() throws {
        let data = Data([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))
        let reference = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(JSONValueParser.parse(data) == reference)
        // one mark only
        #expect(JSONValueParser.parse(Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("1".utf8))) == nil)
    }

    @Test func aNegativeZeroWithAnExponentIsJSON() throws {
        // RFC 8259 grammar; JSONDecoder on Linux refuses this one literal, the SDK reads it as -0.
        let value = try #require(JSONValueParser.parse(Data("-0.0e1".utf8))?.numberValue)
        #expect(value == 0 && value.sign == .minus)
    }

    @Test func nestingUpTo512IsReadAndDeeperIsRefused() {
        let depth = JSONValueParser.maxDepth
        #expect(depth == 512)
        let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let deeper = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        #expect(JSONValueParser.parse(Data(deepest.utf8)) != nil)
        #expect(JSONValueParser.parse(Data(deeper.utf8)) == nil)
    }
}

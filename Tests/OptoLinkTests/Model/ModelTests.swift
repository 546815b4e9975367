import Foundation
import Testing

@testable import OptoLink

@Suite("Model")
struct ModelTests {
    @Test(arguments: [
        "DIRECT", "CLIPBOARD", "INSTALL_REFERRER", "FINGERPRINT_EXACT", "FINGERPRINT_SCORED", "IP_FUZZY", "NONE",
    ])
    func knownMatchMethodsRoundTrip(_ raw: String) {
        let method = MatchMethod(rawValue: raw)
        #expect(method.rawValue == raw)
        if case .unknown = method { Issue.record("\(raw) should be known") }
    }

    @Test func unknownValuesAreKept() {
        #expect(MatchMethod(rawValue: "QUANTUM") == .unknown("QUANTUM"))
        #expect(MatchMethod(rawValue: "QUANTUM").rawValue == "QUANTUM")
        #expect(MatchMethod(rawValue: "fingerprint_scored") == .unknown("fingerprint_scored"))
        #expect(MatchConfidence(rawValue: "certain") == .unknown("certain"))
        for raw in ["exact", "high", "medium", "low"] { #expect(MatchConfidence(rawValue: raw).rawValue == raw) }
        #expect(MatchConfidence(rawValue: "high") == .high)
    }

    @Test func jsonValuesRoundTrip() throws {
        let value: JSONValue = ["s": "x", "n": 1.5, "i": 3, "b": true, "z": nil, "a": [1, "two", ["k": false]]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        #expect(value["a"]?.arrayValue?.count == 3)
        #expect(value["n"]?.numberValue == 1.5)
        #expect(value["z"]?.isNull == true)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["b"]?.boolValue == true)
        #expect(value["missing"] == nil)
    }

    @Test func booleansAndNumbersStayDistinct() throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(#"[true, 1, 0, false, "1"]"#.utf8))
        #expect(decoded == [.bool(true), .number(1), .number(0), .bool(false), .string("1")])
    }
}

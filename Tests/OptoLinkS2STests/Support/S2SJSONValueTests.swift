import Foundation
import OptoLinkS2S
import Testing

@Suite("S2SJSONValue: JSON kept as it came")
struct S2SJSONValueTests {
    @Test func everyKindOfValueDecodesAndEncodesBack() throws {
        // Given a document with every kind of value
        let text = #"{"a":"x","b":26,"c":true,"d":null,"e":[1,"y",false],"f":{"g":1.5},"h":"https://e.com/"}"#

        // When it is decoded and encoded again
        let value = try JSONDecoder().decode(S2SJSONValue.self, from: Data(text.utf8))

        // Then the kinds are right (a boolean is not a number) and the text is the same
        let object = try #require(value.objectValue)
        #expect(
            object["a"] == .string("x") && object["b"] == .number(26) && object["c"] == .bool(true)
                && object["d"] == .null)
        #expect(object["e"] == .array([.number(1), .string("y"), .bool(false)]))
        #expect(object["f"] == .object(["g": .number(1.5)]))
        #expect(value.description == text)
    }
}

import Foundation
import OptoLinkClientCore
import Testing

/// A tree of the tests' own, to show the parser and the Codable code serve any tree, not one client's.
enum TestTree: JSONTree {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TestTree])
    case object([String: TestTree])

    typealias Builder = TestTreeBuilder

    init(from decoder: any Decoder) throws { self = try TestTree(decodingAnyJSONFrom: decoder) }

    func encode(to encoder: any Encoder) throws { try encodeJSON(to: encoder) }

    var node: JSONNode<TestTree> {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements)
        case .object(let members): .object(members)
        }
    }
}

/// How the parser makes the tests' tree.
enum TestTreeBuilder: JSONTreeBuilder {
    static var null: TestTree { .null }
    static func bool(_ value: Bool) -> TestTree { .bool(value) }
    static func number(_ value: Double) -> TestTree { .number(value) }
    static func string(_ value: String) -> TestTree { .string(value) }
    static func array(_ elements: [TestTree]) -> TestTree { .array(elements) }
    static func object(_ members: [String: TestTree]) -> TestTree { .object(members) }
}

@Suite("JSON tree: one parser and one Codable for every client's tree")
struct JSONTreeTests {
    @Test func theParserBuildsAnyTree() throws {
        // Given a document with every kind of value
        let text = #"{"a": [1, 2.5, -3e2], "b": {"c": null, "d": true}, "e": "x\u00e9\n", "a": "dup"}"#

        // When it is parsed into the tests' tree
        let tree = try JSONTreeParser<TestTreeBuilder>.decode(Data(text.utf8))

        // Then each value is there (the first of duplicate keys wins)
        #expect(
            tree
                == .object([
                    "a": .array([.number(1), .number(2.5), .number(-300)]),
                    "b": .object(["c": .null, "d": .bool(true)]),
                    "e": .string("x\u{e9}\n"),
                ]))
    }

    @Test func notWellFormedJSONIsRefusedWithWhereReadingStopped() {
        #expect(JSONTreeParser<TestTreeBuilder>.parse(Data("[1, 2".utf8)) == nil)
        #expect(throws: JSONTreeParser<TestTreeBuilder>.Failure.self) {
            try JSONTreeParser<TestTreeBuilder>.decode(Data("{]".utf8))
        }
        let deep = Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
        #expect(JSONTreeParser<TestTreeBuilder>.parse(deep) == nil)
    }

    @Test func codableRoundTripsAndCompactTextSortsKeys() throws {
        // Given a tree
        let tree = TestTree.object(["b": .array([.null, .bool(false)]), "a": .string("https://x/y"), "n": .number(26)])

        // When it goes through JSONEncoder and JSONDecoder, and is written compactly
        let decoded = try JSONDecoder().decode(TestTree.self, from: JSONEncoder().encode(tree))

        // Then it comes back equal, and the text has sorted keys and unescaped slashes
        #expect(decoded == tree)
        #expect(tree.compactText == #"{"a":"https://x/y","b":[null,false],"n":26}"#)
    }
}

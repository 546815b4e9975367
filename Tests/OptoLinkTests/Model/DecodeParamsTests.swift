import Foundation
import Testing

@testable import OptoLink

@Suite("Typed link parameters")
struct DecodeParamsTests {
    struct Promo: Decodable, Equatable {
        let campaign: String
        let discount: Int?
        let tags: [String]
        let price: Double
        let featured: Bool
        let extra: JSONValue?
    }

    static func link(_ params: [String: JSONValue]) -> OptoLinkData {
        OptoLinkData(linkId: "l-1", path: "/promo", params: params, matchType: .direct, isDeferred: false)
    }

    @Test func theParamsDecodeAsTheAppsType() throws {
        // Given a link's params as the backend sends them
        let link = Self.link([
            "campaign": "summer", "discount": 20, "tags": ["a", "b"], "price": 9.99, "featured": true,
            "extra": ["nested": [1, 2]], "ignored": "x",
        ])

        // When they are decoded as the app's type
        let promo = try link.decodeParams(as: Promo.self)

        // Then every field is there, unknown keys ignored, JSONValue taken as it is
        #expect(
            promo
                == Promo(
                    campaign: "summer", discount: 20, tags: ["a", "b"], price: 9.99, featured: true,
                    extra: ["nested": [1, 2]]))
    }

    @Test func stringsThatSpellNumbersAndBooleansDecodeAsThemForCustomSchemeLinks() throws {
        let link = Self.link(["campaign": "summer", "discount": "20", "tags": [], "price": "9.5", "featured": "false"])
        let promo = try link.decodeParams(as: Promo.self)
        #expect(promo.discount == 20 && promo.price == 9.5 && promo.featured == false && promo.extra == nil)
    }

    static let base: [String: JSONValue] = ["campaign": "s", "tags": [], "price": 1, "featured": true]

    static func with(_ key: String, _ value: JSONValue?) -> [String: JSONValue] {
        var params = base
        params[key] = value
        return params
    }

    static let mismatches: [([String: JSONValue], String)] = [
        (with("campaign", 1), "campaign"),  // a number for a String
        (with("campaign", nil), "campaign: missing"),
        (with("discount", 2.5), "discount"),  // not integral
        (with("discount", "20x"), "discount"),
        (with("tags", ["a", 2]), "tags[1]"),
        (with("price", "nan"), "price"),
        (with("featured", "yes"), "featured"),
    ]

    @Test(arguments: mismatches)
    func aMismatchIsAnInvalidArgumentNamingTheKey(_ params: [String: JSONValue], _ key: String) {
        do {
            _ = try Self.link(params).decodeParams(as: Promo.self)
            Issue.record("decoded \(params)")
        } catch {
            #expect(error == .invalidArgument)
            #expect(error.message.contains(key), "\(error.message)")
            #expect(error.message.contains("Promo"))
        }
    }

    @Test func integersOutOfRangeAreRefused() {
        struct Small: Decodable { let n: UInt8 }
        #expect(throws: OptoLinkError.self) { try Self.link(["n": 300]).decodeParams(as: Small.self) }
        #expect(throws: OptoLinkError.self) { try Self.link(["n": -1]).decodeParams(as: Small.self) }
        #expect((try? Self.link(["n": 255]).decodeParams(as: Small.self))?.n == 255)
    }

    /// A recursive type: each level is one more container.
    indirect enum Tree: Decodable {
        case leaf
        case node(Tree)
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let child = try container.decodeIfPresent(Tree.self, forKey: .child) {
                self = .node(child)
            } else {
                self = .leaf
            }
        }
        enum CodingKeys: String, CodingKey { case child }
        var depth: Int {
            var depth = 0
            var tree = self
            while case .node(let child) = tree {
                depth += 1
                tree = child
            }
            return depth
        }
    }

    static func chain(_ depth: Int) -> [String: JSONValue] {
        var value: [String: JSONValue] = [:]
        for _ in 0..<depth - 1 { value = ["child": .object(value)] }
        return value
    }

    @Test func theDeepestAllowedParamsDecodeOnASmallStackAndDeeperAreRefusedFirst() async {
        // Given params exactly at the cap and one level past it
        let atCap = Self.link(Self.chain(OptoLinkData.maxParamsDepth))
        let pastCap = Self.link(Self.chain(OptoLinkData.maxParamsDepth + 1))

        // When both are decoded as a recursive type on a 512 KiB stack
        let (depth, refusal) = await onSmallStack { () -> (Int?, OptoLinkError?) in
            let depth = (try? atCap.decodeParams(as: Tree.self))?.depth
            do throws(OptoLinkError) {
                _ = try pastCap.decodeParams(as: Tree.self)
                return (depth, nil)
            } catch {
                return (depth, error)
            }
        }

        // Then the first decodes to the last level and the second is refused before decoding
        #expect(depth == OptoLinkData.maxParamsDepth - 1)
        #expect(refusal == .invalidArgument)
        #expect(refusal?.message.contains("nested more than 64") == true)
    }

    @Test func aCustomSchemeLinksQueryDecodes() throws {
        struct Product: Decodable {
            let ref: String
            let qty: Int
        }
        let matcher = LinkURLMatcher(configuration: Fixtures.configuration(urlSchemes: ["myapp"]))
        let link = try #require(matcher.customSchemeLink(in: URL(string: "myapp://products/1234?ref=mail&qty=3")!))
        let product = try link.decodeParams(as: Product.self)
        #expect(product.ref == "mail" && product.qty == 3)
    }
}

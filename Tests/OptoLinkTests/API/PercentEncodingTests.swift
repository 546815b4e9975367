import Foundation
import Testing

@testable import OptoLink

@Suite("OptoLinkAPI percent encoding")
struct PercentEncodingTests {
    @Test func fastPathMatchesFoundation() {
        var samples = [
            "summer", "a-b_c.d~e", "3d964693-bcb1-42a3-9bea-10a86399ca73", "a b", "a/b", "a;b", "a?b", "a#b", "a%b",
            "a&b", "a=b", "a+b", "é", "😀", "x:y", "@", "!$'()*,", "",
        ]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcXYZ019-._~ /%?#&=+;:@!é😀")
        for _ in 0..<2_000 {
            samples.append(
                String(
                    (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
                    }))
        }
        for sample in samples {
            for allowed in [OptoLinkAPI.segmentAllowed, OptoLinkAPI.queryAllowed] {
                #expect(
                    OptoLinkAPI.percentEncoded(sample, allowed: allowed)
                        == sample.addingPercentEncoding(withAllowedCharacters: allowed),
                    "\(sample.debugDescription)")
            }
        }
    }
}

import Foundation
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkServer

@Suite struct DigestTests {
    static func bytes(hex: String) -> [UInt8] {
        var out = [UInt8]()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return out
    }

    @Test func sha256MatchesTheFIPS180Vectors() {
        #expect(Digest.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Digest.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Digest.sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Digest.sha256Hex(
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                    + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
            )
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        #expect(
            RandomToken.hex(Digest.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func sha256HandlesThePaddingBoundaries() {
        // 55, 56 and 64 bytes straddle the one/two-block padding boundary.
        #expect(
            Digest.sha256Hex(String(repeating: "a", count: 55))
                == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(
            Digest.sha256Hex(String(repeating: "a", count: 56))
                == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(
            Digest.sha256Hex(String(repeating: "a", count: 64))
                == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test func sha256AgreesWithTheFirstPureSwiftImplementationAtEveryLengthUpTo300() {
        var rng = SplitMix64(seed: 256)
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            #expect(Digest.sha256(bytes) == SHA256Oracle.digest(bytes), "length \(length)")
        }
        #expect(Digest.sha256Hex("é/😀") == RandomToken.hex(SHA256Oracle.digest(Array("é/😀".utf8))))
    }

    /// RFC 4231 section 4: test cases 1–7 (case 5 compares the first 128 bits, as the RFC does).
    @Test(arguments: [
        (
            "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            String(repeating: "aa", count: 20), String(repeating: "dd", count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            "0102030405060708090a0b0c0d0e0f10111213141516171819", String(repeating: "cd", count: 50),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
        ),
        (
            String(repeating: "0c", count: 20), "546573742057697468205472756e636174696f6e",
            "a3b6167473100ee06e0c796c2955552b"
        ),
        (
            String(repeating: "aa", count: 131),
            "54657374205573696e67204c6172676572205468616e20426c6f63"
                + "6b2d53697a65204b6579202d2048617368204b6579204669727374",
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
        (
            String(repeating: "aa", count: 131),
            RandomToken.hex(
                Array(
                    ("This is a test using a larger than block-size key and a larger than block-size data. "
                        + "The key needs to be hashed before being used by the HMAC algorithm.").utf8)),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
        ),
    ])
    func hmacMatchesTheRFC4231Vectors(key: String, data: String, expected: String) {
        // Given the RFC's key and data
        let key = Self.bytes(hex: key)
        let data = Self.bytes(hex: data)
        // When both the one-shot and the prepared key sign it
        let oneShot = RandomToken.hex(Digest.hmacSHA256(key: key, message: data))
        let prepared = RandomToken.hex(Digest(hmacKey: key).hmac(data))
        // Then both give the RFC's tag
        #expect(oneShot.hasPrefix(expected))
        #expect(prepared == oneShot)
    }

    @Test func hmacOfTheAppsFlyerExampleIsItsAfSig() {
        // Given the DevKey and timestamp + ip of the example in seeds/003 (the af_sig query parameter)
        let devKey = Array("w8sZzy8EaPaxFKfaoTqUi6".utf8)
        // When signed
        let signature = Digest(hmacKey: devKey).hmacHex("2015-01-22T08:45:33.412" + "127.0.0.1")
        // Then it is the example's signature
        #expect(signature == "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327")
    }

    @Test func hmacWithAnEmptyKeyAndMessageIsTheKnownTag() {
        #expect(
            RandomToken.hex(Digest.hmacSHA256(key: [], message: []))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func keysTakenInTurnOnOneThreadEachGiveTheirOwnTags() {
        // Given two keys and their RFC 4231 tags (cases 1 and 2)
        let first = Digest(hmacKey: Array(repeating: 0x0b, count: 20))
        let second = Digest(hmacKey: Array("Jefe".utf8))
        let firstTag = "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        let secondTag = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        // When they sign in turn on this thread (each replacing the other's cached context), a longer
        // message in between
        for _ in 0..<3 {
            #expect(first.hmacHex("Hi There") == firstTag)
            #expect(second.hmacHex("what do ya want for nothing?") == secondTag)
            _ = second.hmacHex(String(repeating: "x", count: 1000))
            #expect(second.hmacHex("what do ya want for nothing?") == secondTag)
        }
        // Then a key made after others are gone is not confused with them
        for _ in 0..<20 { _ = Digest(hmacKey: [1, 2, 3]).hmacHex("Hi There") }
        #expect(Digest(hmacKey: Array(repeating: 0x0b, count: 20)).hmacHex("Hi There") == firstTag)
    }

    @Test func oneKeyHashesFromManyThreadsAtOnceWithTheSameResults() async {
        // Given one prepared key and the tags computed one at a time
        let key = Digest(hmacKey: Array(repeating: 0x5a, count: 32))
        let addresses = (0..<64).map { "198.51.100.\($0)" }
        let expected = addresses.map { key.hmacHex($0) }
        let plain = addresses.map { Digest.sha256Hex($0) }
        // When eight tasks hash every address 200 times concurrently
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for _ in 0..<200 {
                        for (index, address) in addresses.enumerated() {
                            if key.hmacHex(address) != expected[index] { wrong += 1 }
                            if Digest.sha256Hex(address) != plain[index] { wrong += 1 }
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        // Then every answer is the one computed alone
        #expect(mismatches == 0)
        #expect(Set(expected).count == addresses.count)
    }

    @Test func threadsThatHashAndExitGiveTheSameTags() {
        // Given a key, and 16 short-lived threads that each hash with it and then end (their copies are
        // freed by the thread-exit destructor)
        let key = Digest(hmacKey: Array(repeating: 0x33, count: 32))
        let expected = key.hmacHex("203.0.113.7")
        let results = Locked([String]())
        let finished = DispatchGroup()
        for _ in 0..<16 {
            finished.enter()
            Thread {
                let tag = key.hmacHex("203.0.113.7")
                results.withLock { $0.append(tag) }
                finished.leave()
            }.start()
        }
        finished.wait()
        // Then every thread got the same tag
        #expect(results.withLock { $0 } == Array(repeating: expected, count: 16))
    }
}

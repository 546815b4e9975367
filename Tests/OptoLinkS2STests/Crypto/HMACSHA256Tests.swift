import Foundation
import TestSupport
import Testing

@testable import OptoLinkS2S

@Suite("HMAC-SHA256 from the platform")
struct HMACSHA256Tests {
    /// RFC 4231 section 4: key, data, expected HMAC-SHA256 (test case 5 is truncated to 128 bits there).
    static let rfc4231: [(name: String, key: [UInt8], data: [UInt8], expected: String)] = [
        (
            "1", [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            "2", Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            "3", [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            "4", Array(1...25), [UInt8](repeating: 0xcd, count: 50),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
        ),
        (
            "5", [UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8),
            "a3b6167473100ee06e0c796c2955552b"
        ),
        (
            "6", [UInt8](repeating: 0xaa, count: 131),
            Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
        (
            "7", [UInt8](repeating: 0xaa, count: 131),
            Array(
                ("This is a test using a larger than block-size key and a larger than block-size "
                    + "data. The key needs to be hashed before being used by the HMAC algorithm.")
                    .utf8),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
        ),
    ]

    @Test func appsFlyersOwnExampleSignatureIsReproduced() throws {
        // Given the seed's example: timestamp, ip and DevKey
        let devKey = try AppsFlyerDevKey("w8sZzy8EaPaxFKfaoTqUi6")

        // When af_sig is computed
        let signature = devKey.afSig(timestamp: "2015-01-22T08:45:33.412", ip: "127.0.0.1")

        // Then it is the seed's value, in lowercase hex
        #expect(signature == "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327")
    }

    @Test(arguments: HMACSHA256Tests.rfc4231.indices)
    func rfc4231VectorsMatch(index: Int) {
        // Given an RFC 4231 test case
        let vector = Self.rfc4231[index]

        // When the platform HMAC runs on it
        let tag = HMACSHA256.hex(HMACSHA256(key: vector.key).authenticationCode(for: vector.data))

        // Then it starts with the RFC's value (all 64 digits except for the truncated case 5)
        #expect(tag.count == 64)
        #expect(tag.hasPrefix(vector.expected), "RFC 4231 case \(vector.name): \(tag)")
    }

    @Test(arguments: HMACSHA256Tests.rfc4231.indices)
    func theTestOracleMatchesRFC4231Too(index: Int) {
        // Given an RFC 4231 test case (the oracle must be right before it judges anything)
        let vector = Self.rfc4231[index]

        // When the plain-Swift oracle runs on it
        let tag = SHA256Oracle.hex(SHA256Oracle.hmac(key: vector.key, message: vector.data))

        // Then it gives the RFC's value
        #expect(tag.hasPrefix(vector.expected), "RFC 4231 case \(vector.name): \(tag)")
    }

    @Test func anEmptyKeyAndAnEmptyMessageAreHashedNotRefused() {
        // When both are empty (libcrypto reads a null key as "none": the wrapper must not pass one)
        let tag = HMACSHA256.hex(HMACSHA256(key: []).authenticationCode(for: []))

        // Then the value is HMAC-SHA256("", "")
        #expect(tag == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func randomKeysAndMessagesAgreeWithTheIndependentOracle() {
        // Given keys from 0 to 200 bytes (across the 64-byte block) and messages from 0 to 300 bytes
        var random = SeededRandom(seed: 0x5352_4953)
        for round in 0..<300 {
            let key = (0..<Int.random(in: 0...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random)
            }
            let message = (0..<Int.random(in: 0...300, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }

            // When both implementations hash them
            let platform = HMACSHA256(key: key).authenticationCode(for: message)
            let oracle = SHA256Oracle.hmac(key: key, message: message)

            // Then they agree
            #expect(platform == oracle, "round \(round): key \(key.count) bytes, message \(message.count) bytes")
        }
    }

    @Test func concurrentCallsGiveTheSameTags() async {
        // Given 8 tasks hashing different messages at once, 200 times each
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<200 {
                        let message = Array("task \(task) round \(round)".utf8)
                        let key = Array("key \(task)".utf8)
                        if HMACSHA256(key: key).authenticationCode(for: message)
                            != SHA256Oracle.hmac(key: key, message: message)
                        {
                            wrong += 1
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }

        // Then every tag is right
        #expect(mismatches == 0)
    }

    @Test func oneKeyedInstanceHashesManyMessagesFromManyTasks() async {
        // Given one key prepared once (as a DevKey is) and 8 tasks hashing different messages on it at once
        let key = Array("w8sZzy8EaPaxFKfaoTqUi6".utf8)
        let hmac = HMACSHA256(key: key)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<200 {
                        // Empty messages too: the keyed context must not carry one message into the next
                        let message = round % 50 == 0 ? [] : Array("2026-12-01T10:00:00.\(round)127.0.\(task).1".utf8)
                        if hmac.authenticationCode(for: message) != SHA256Oracle.hmac(key: key, message: message) {
                            wrong += 1
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }

        // Then every tag is the oracle's: the shared context was never changed by a call
        #expect(mismatches == 0)
    }

    @Test func anEmptyKeyPreparedOnceStillHashes() {
        // Given an empty key prepared once
        let hmac = HMACSHA256(key: [])

        // Then it gives HMAC-SHA256("", "") and, again, the same for a message after it
        #expect(
            HMACSHA256.hex(hmac.authenticationCode(for: []))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
        #expect(hmac.authenticationCode(for: Array("x".utf8)) == SHA256Oracle.hmac(key: [], message: Array("x".utf8)))
        #expect(
            HMACSHA256.hex(hmac.authenticationCode(for: []))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }
}

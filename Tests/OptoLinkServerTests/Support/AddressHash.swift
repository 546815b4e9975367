@testable import OptoLinkServer

/// Address hashes for tests that file click records by hand: HMAC-SHA256 under a fixed test key, the
/// form `Backend.ipHash` gives under a database's secret.
enum AddressHash {
    static let key = Digest(hmacKey: Array("optolink-tests-ip-hash-key".utf8))

    /// The hash `ip`'s click records are filed under in these tests.
    static func of(_ ip: String) -> String { key.hmacHex(ip) }
}

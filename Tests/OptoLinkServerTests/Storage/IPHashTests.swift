import Foundation
import Testing

@testable import OptoLinkServer

/// Issue 13, item 12: click records are filed under the HMAC-SHA256 of the address keyed with a
/// secret of the database, not under its plain (and for IPv4 trivially reversible) SHA-256.
@Suite struct IPHashTests {
    static func backend(path: String?) throws -> Backend {
        Backend(store: try Store(path: path), clock: ManualServerClock(), options: .init())
    }

    @Test func theHashOfAnIPv4AddressIsNotItsPlainSHA256() throws {
        // Given a server's backend over an in-memory database
        let backend = try Self.backend(path: nil)
        // When an address is hashed
        let hash = backend.ipHash("198.51.100.23")
        // Then it is 64 hex digits, but not the SHA-256 anyone can compute for all 2^32 addresses
        #expect(hash.count == 64)
        #expect(hash.allSatisfy { $0.isHexDigit })
        #expect(hash != Digest.sha256Hex("198.51.100.23"))
        #expect(hash == backend.ipHash("198.51.100.23"))
        #expect(hash != backend.ipHash("198.51.100.24"))
    }

    @Test func twoDatabasesGiveDifferentHashes() throws {
        // Given two in-memory databases and two database files
        let first = TemporaryDatabase("iphash")
        let second = TemporaryDatabase("iphash")
        defer {
            first.remove()
            second.remove()
        }
        let hashes = try [nil, nil, first.path, second.path].map { try Self.backend(path: $0).ipHash("203.0.113.7") }
        // Then each has its own secret: four different hashes of one address
        #expect(Set(hashes).count == 4)
    }

    @Test func theSameDatabaseAfterReopeningGivesTheSameHash() throws {
        // Given a database file whose backend hashed an address
        let database = TemporaryDatabase("iphash")
        defer { database.remove() }
        let path = database.path
        let before = try Self.backend(path: path).ipHash("203.0.113.7")
        // When the server restarts on the same file (twice)
        let after = try Self.backend(path: path).ipHash("203.0.113.7")
        let later = try Self.backend(path: path).ipHash("203.0.113.7")
        // Then the address is filed under the same hash
        #expect(after == before)
        #expect(later == before)
    }

    @Test func theSecretIs32RandomBytesKeptInTheMetaTableNotTheHashes() throws {
        // Given a database file after a click was recorded
        let file = TemporaryDatabase("iphash")
        defer { file.remove() }
        let path = file.path
        let backend = try Self.backend(path: path)
        let hash = backend.ipHash("198.51.100.23")
        try backend.store.insertClick(
            linkId: "lnk_1", source: "data", ipHash: hash, fingerprint: ClickFingerprint(), now: Date())
        // When the file is read directly
        let database = try SQLiteDatabase(path: path)
        let secret = try database.query("SELECT length(value), typeof(value) FROM meta WHERE key = 'ip_hash_secret'")
        let stored = try database.query("SELECT ip_hash FROM clicks").map { $0[0].string }
        // Then the secret is a 32-byte blob and the click carries the keyed hash
        #expect(secret.first?[0].int == 32)
        #expect(secret.first?[1].string == "blob")
        #expect(stored == [hash])
    }
}

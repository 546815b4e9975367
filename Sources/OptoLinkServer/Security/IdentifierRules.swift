/// Formats of the identifiers that appear in paths.
enum IdentifierRules {
    /// An org key: `^[A-Za-z0-9]{4}$` (the backend's ParseOrgKeyPipe).
    static func isValidOrgKey(_ key: String) -> Bool {
        key.utf8.count == 4
            && key.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }
    }

    /// A short code: 1–64 of `[A-Za-z0-9_-]`.
    static func isValidShortCode(_ code: String) -> Bool {
        (1...64).contains(code.utf8.count) && code.utf8.allSatisfy { RandomToken.isBase64URL($0) }
    }
}

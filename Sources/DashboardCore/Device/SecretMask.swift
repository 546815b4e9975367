/// Masks credentials before anything is kept, shown or exported: an API key keeps only its tier prefix.
///
/// `opl_sdk_demo_client_key_0000000001` → `opl_sdk_…`; `Bearer opl_sdk_…` keeps its scheme. Masked headers:
/// `X-API-Key`, `Api-Key` (Deep Blue Links), `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`.
/// A value that is not an
/// `opl_<tier>_` key keeps its first 4 characters.
package enum SecretMask {
    /// Header names whose values are credentials (lower-cased).
    package static let headerNames: Set<String> = [
        "x-api-key", "api-key", "authorization", "proxy-authorization", "cookie", "set-cookie",
    ]

    /// `value` masked when `name` carries a credential, else unchanged.
    package static func header(_ name: String, _ value: String) -> String {
        guard headerNames.contains(name.lowercased()) else { return value }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, ["bearer", "basic", "token"].contains(parts[0].lowercased()) {
            return "\(parts[0]) \(key(String(parts[1])))"
        }
        return key(value)
    }

    /// A key masked to its prefix: `opl_sdk_…`, `opl_api_…`; anything else to its first 4 characters.
    package static func key(_ key: String) -> String {
        let pieces = key.split(separator: "_", maxSplits: 2, omittingEmptySubsequences: false)
        if pieces.count == 3, pieces[0] == "opl", !pieces[1].isEmpty, pieces[1].allSatisfy({ $0.isLetter }) {
            return "opl_\(pieces[1])_…"
        }
        return key.count <= 4 ? "…" : String(key.prefix(4)) + "…"
    }
}

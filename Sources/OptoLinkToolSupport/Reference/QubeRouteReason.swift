/// The `reason` the reference server's QubeRoute emulation answers for its engine's decision, and the words the
/// dashboard names such a match with: one mapping for both.
///
/// | engine | `reason` |
/// |---|---|
/// | P1.5 `INSTALL_REFERRER`, `CLIPBOARD` | `referrer` (the only match answered with confidence 1) |
/// | P2 `FINGERPRINT_EXACT`, P2.5 `FINGERPRINT_SCORED` | `fingerprint` |
/// | P3 `IP_FUZZY` | `ip_address` |
package enum QubeRouteReason {
    /// The reason of the only match QubeRoute answers with confidence 1.
    package static let exact = "referrer"

    /// The `reason` a match the engine decided as `method` answers, as the table above maps it.
    package static func forMethod(_ method: String) -> String {
        switch method {
        case "INSTALL_REFERRER", "CLIPBOARD": exact
        case "IP_FUZZY": "ip_address"
        default: "fingerprint"
        }
    }
}

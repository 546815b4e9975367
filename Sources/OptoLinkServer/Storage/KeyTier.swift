/// The two key tiers of section 5.
enum KeyTier: String, Sendable, Hashable {
    /// `opl_sdk_…`: `/sdk/*` (and `/match` attribution).
    case client = "CLIENT"
    /// `opl_api_…`: `/links`.
    case server = "SERVER"
}

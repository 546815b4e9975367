/// The body's `sharing_filter`: which partners may receive the data, as a string or a list of partner
/// ids (AppsFlyer's example: `["googleadwords_int", "adcolony_int"]`).
public enum AppsFlyerSharingFilter: Sendable, Hashable {
    /// A single string (AppsFlyer documents `"all"`).
    case text(String)
    /// A list of partner ids.
    case partners([String])
}

/// The decomposed fingerprint of a click or a match request (no raw User-Agent). Any field may be
/// unknown; an unknown field never matches.
struct ClickFingerprint: Sendable, Hashable {
    var platform: String?
    var osVersion: String?
    var deviceModel: String?
    var language: String?
    var timezone: String?
}

/// What a `POST /match` body asks with, and from where.
struct OptoLinkMatchQuery: Sendable, Hashable {
    /// The client's address.
    var address: String
    /// `clipboardToken` (P1).
    var clipboardToken: String?
    /// `installReferrer` (P1.5: the click's token, as a Play referrer carries it).
    var installReferrer: String?
    /// `platform` (`iOS`).
    var platform: String?
    /// `osVersion` (`17.4.1`).
    var osVersion: String?
    /// `deviceModel` (`iPhone16,1`).
    var deviceModel: String?
    /// `language` (`en-US`).
    var language: String?
    /// `timezone` (IANA).
    var timezone: String?
}

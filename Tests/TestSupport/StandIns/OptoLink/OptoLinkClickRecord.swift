import Foundation

/// A click the OptoLink stand-in can match at a first launch: what the redirect page learned from the
/// browser's request, its clipboard token, and how long it stays matchable.
struct OptoLinkClickRecord: Sendable, Hashable {
    /// The record's number (the order clicks came in).
    var id: Int
    /// The short code clicked.
    var code: String
    /// `opl_` and 22 base64url characters, written to the clipboard by the page.
    var token: String
    /// The client's address.
    var address: String
    /// Parsed from the `User-Agent` (nil when unknown).
    var platform: String?
    /// Parsed from the `User-Agent` (nil when unknown).
    var osVersion: String?
    /// Never known from a page request; kept for the exact tier's comparison.
    var deviceModel: String?
    /// From `Accept-Language` (nil when none).
    var language: String?
    /// Never known from a page request; kept for the scoring.
    var timezone: String?
    /// When the page was served.
    var clickedAt: Date
    /// When it stops being matchable: the link's window, cut to 30 s after a match (the grace).
    var expiresAt: Date
    /// The click's number in the ledger (for its hops).
    var ledgerIndex: Int = -1
}

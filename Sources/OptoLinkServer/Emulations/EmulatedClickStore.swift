import Foundation
import OptoLinkHTTP

/// The click records of one emulated app (one QubeRoute project environment, one Deep Blue app, one
/// AppsFlyer app id), matched by the project's own engine: a `MatchStore` of their own, so an install is
/// only ever matched against clicks on its own app's links (OptoLink's `/match` has no key and matches any
/// org's click; an emulated service always knows the app from the key or the path).
///
/// Records carry `orgId` 0 (they belong to no OptoLink org); `linkId` names the emulated link, `params`
/// holds what the service answers about the click.
final class EmulatedClickStore: Sendable {
    private let matches: MatchStore

    /// Records kept in `journal` when there is one (holding the clicks still waiting at `now`), else in
    /// memory only.
    init(journal: MatchJournal? = nil, now: Date = Date()) {
        matches = MatchStore(journal: journal, now: now)
    }

    /// Records a click made at `recordedAt` (now, or earlier for `/dev` clicks); returns the record, whose
    /// token is what an install referrer carries back.
    func record(
        linkId: String, code: String, path: String, params: [String: JSON], windowHours: Int, ipHash: String,
        fingerprint: ClickFingerprint, at recordedAt: Date, now: Date
    ) -> MatchRecord {
        let record = MatchRecord(
            token: RandomToken.clipboardToken(), orgId: 0, linkId: linkId, shortCode: code, path: path,
            params: params, ipHash: ipHash, fingerprint: fingerprint, recordedAt: recordedAt,
            expiresAt: recordedAt.addingTimeInterval(TimeInterval(windowHours) * 3600))
        matches.insert(record, now: now)
        return record
    }

    /// Runs the engine's chain (P1.5 install referrer → P2 exact → P2.5 score → P3 address) for an install.
    func match(_ input: MatchEngine.Input, ipHash: String, now: Date) -> MatchEngine.Decision {
        matches.match(input, ipHash: ipHash, now: now)
    }

    /// A snapshot (tests).
    var snapshot: MatchState { matches.snapshot }

    /// The engine's points for the matched click: its total among the scored candidates (P2, P2.5 and, when
    /// the click is also on the address's fingerprint list, P3), else the address's points alone (a P3 click
    /// that fell off that list). Nil for the exact methods (clipboard, install referrer), which score nothing.
    static func points(of result: MatchEngine.Result, in decision: MatchEngine.Decision) -> Int? {
        guard result.method != "CLIPBOARD", result.method != "INSTALL_REFERRER" else { return nil }
        if let score = result.score { return score }
        return decision.candidates.first { $0.record.token == result.record.token }?.points.total ?? Scoring.ipPoints
    }

    /// The fingerprint a request's headers give: platform and OS version from its User-Agent, language from
    /// its Accept-Language (as OptoLink's redirect page records it).
    static func headerFingerprint(_ request: HTTPRequest) -> ClickFingerprint {
        ClickFingerprint.headers(
            userAgent: request.header("User-Agent"), acceptLanguage: request.header("Accept-Language"))
    }
}

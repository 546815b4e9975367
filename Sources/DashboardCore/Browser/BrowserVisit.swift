import Foundation

/// One click of the simulated browser: every hop it made (request and answer as the inspector and the HAR
/// export show them), what it did after each, why it stopped, and the clipboard token a page held.
package struct BrowserVisit: Sendable, Hashable, Codable {
    /// The timeline's request id of the visit (``SimulatedBrowser/visitIDs``: apart from the SDK's ids).
    package var id: Int
    /// The link clicked.
    package var url: URL
    /// Every hop, in order (attempt numbers 1, 2…; endpoint `click`).
    package var hops: [HTTPExchange]
    /// What the browser did after each hop (one per hop).
    package var steps: [BrowserStep]
    /// The `opl_` clipboard token the first page holding one wrote to the pasteboard.
    package var token: String?

    /// Why the visit ended (the last step's stop).
    package var end: BrowserStop {
        if case .stopped(let stop) = steps.last { return stop }
        return .badTarget("the visit has no hops")
    }

    /// `/acme/fall 302 → /landing 200; stopped before the App Store (…)`: the answered hops and how the
    /// visit ended, for the log and the FAIL lines.
    package var summary: String {
        let parts = hops.compactMap { hop -> String? in
            guard let status = hop.status else { return nil }
            return "\(URL(string: hop.url).map { Self.pathAndQuery($0) } ?? hop.url) \(status)"
        }
        return parts.isEmpty ? end.text : parts.joined(separator: " → ") + "; " + end.text
    }

    /// The visit as one row of the retry timeline: each hop an attempt, with what the browser did after it.
    package var timelineRow: TimelineRow {
        let attempts = zip(hops, steps).map { hop, step in
            var attempt = TimelineAttempt(
                number: hop.attempt, start: hop.start, status: hop.status, error: hop.error, duration: hop.duration)
            attempt.note = step.text
            return attempt
        }
        return TimelineRow(
            requestID: id, endpoint: SimulatedBrowser.endpoint, attempts: attempts,
            outcome: .finished(status: hops.last?.status, attempts: hops.count))
    }

    /// A URL's path and query (`/acme/fall?x=1`), or the whole URL for another host than the link's.
    package static func pathAndQuery(_ url: URL) -> String {
        let path = url.path.isEmpty ? "/" : url.path
        return url.query.map { path + "?" + $0 } ?? path
    }
}

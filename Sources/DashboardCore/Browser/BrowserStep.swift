import Foundation

/// What the simulated browser did after one hop of a visit.
package enum BrowserStep: Sendable, Hashable, Codable {
    /// Followed a 3xx answer's `Location`.
    case redirect(status: Int, to: URL)
    /// Followed the page's `<meta http-equiv="refresh">` (at once: the browser does not wait out `delay`).
    case metaRefresh(delay: Double, to: URL)
    /// Followed the answer's `Refresh: N; url=…` header, as Safari does (at once, like a meta refresh).
    case refreshHeader(delay: Double, to: URL)
    /// Stopped there.
    case stopped(BrowserStop)

    /// The decision line the request inspector shows under the hop.
    package var text: String {
        switch self {
        case .redirect(let status, let url): "followed the \(status) redirect to \(url.absoluteString)"
        case .metaRefresh(let delay, let url):
            "followed the page's meta refresh (after \(formatSeconds(delay)) in Safari) to \(url.absoluteString)"
        case .refreshHeader(let delay, let url):
            "followed the Refresh header (after \(formatSeconds(delay)) in Safari) to \(url.absoluteString)"
        case .stopped(let stop): stop.text
        }
    }
}

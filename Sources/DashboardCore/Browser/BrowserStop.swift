import Foundation

/// Why the simulated browser stopped following a link.
package enum BrowserStop: Sendable, Hashable, Codable {
    /// It reached a page with no redirect or meta refresh to follow (the browser runs no script, so a page that
    /// moves on by JavaScript stops here too).
    case page
    /// The next URL is the App Store's (`apps.apple.com`, `itunes.apple.com`, `itms-apps:`…): not followed,
    /// as the phone would leave Safari for the App Store there.
    case appStore(URL)
    /// The next URL has another scheme than http(s) (the app's own, `myapp://…`): not followed, as Safari
    /// would hand it to the app.
    case otherApp(URL)
    /// A hop answered with an error status (4xx or 5xx).
    case refused(status: Int)
    /// A hop got no HTTP answer: what happened, in words (`GET /acme/fall got no answer: timed out`).
    case noAnswer(String)
    /// A redirect without a usable `Location`, or a refresh to a URL that cannot be read.
    case badTarget(String)
    /// More than ``SimulatedBrowser/maxHops`` hops (a redirect loop, most likely).
    case tooManyHops(Int)

    /// Whether the visit went as a click should: a page, or a hand-over to the App Store or the app.
    package var isSuccess: Bool {
        switch self {
        case .page, .appStore, .otherApp: true
        case .refused, .noAnswer, .badTarget, .tooManyHops: false
        }
    }

    /// What happened, in words (`stopped before the App Store (itms-apps://…)`).
    package var text: String {
        switch self {
        case .page:
            "a page naming no next URL (no Location, no Refresh, no meta refresh; scripts not run): the click is done"
        case .appStore(let url):
            "stopped before the App Store (\(url.absoluteString)), as the phone would leave Safari there"
        case .otherApp(let url):
            "stopped before \(url.scheme ?? "?"):// (\(url.absoluteString)): Safari would open the app"
        case .refused(let status): "answered \(status): the click failed"
        case .noAnswer(let what): what
        case .badTarget(let what): "cannot go on: \(what)"
        case .tooManyHops(let hops): "gave up after \(hops) hops (a redirect loop?)"
        }
    }
}

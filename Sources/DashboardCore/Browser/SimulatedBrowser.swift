import Foundation
import OptoLink

/// One simulated Safari for every service: it clicks a short link as Safari on the simulated iPhone would
/// and records every hop.
///
/// Each request carries a `User-Agent` built from the browser-side fingerprint (``SafariUserAgent``), its
/// `Accept-Language`, and the simulated network's address in `X-Forwarded-For` (when it is given). It follows
/// 3xx redirects and `<meta http-equiv="refresh">` (at once, whatever their delay), and stops before an App
/// Store URL (`apps.apple.com`, `itunes.apple.com`, `itms-apps:`…) or another app's scheme, where the phone
/// would leave Safari. It runs no JavaScript: a navigation made by a page's script is not followed, a meta
/// refresh inside `<noscript>` is (``BrowserPage``). It keeps no cookies between hops. A page's OptoLink
/// clipboard token (`opl_…`) is read from the page itself.
///
/// ```swift
/// let browser = SimulatedBrowser()
/// let visit = await browser.visit(URL(string: "https://go.example.com/acme/fall")!, as: .demoPhone,
///                                 forwardedFor: "203.0.113.7")
/// print(visit.summary)   // /acme/fall 200; stopped before the App Store (https://apps.apple.com/…)
/// ```
package struct SimulatedBrowser: Sendable {
    /// The most hops one click follows.
    package static let maxHops = 10
    /// The endpoint name of a visit's timeline row and hops (`click`).
    package static let endpoint = "click"
    /// Where the timeline ids of visits start: far above any SDK request id of a dashboard run, so a click and
    /// a request never share a row.
    package static let firstVisitID = 1_000_001

    private static let visitIDs = BrowserVisitIDs(first: firstVisitID)
    private let transport: any HTTPTransport
    private let clock: any OptoLinkClock

    /// Creates a browser.
    /// - Parameters:
    ///   - transport: sends each hop and must not follow redirects itself (default: a loopback backend from the
    ///     simulated network's own loopback address, ``LoopbackSourceTransport``, else ``NoRedirectTransport``).
    ///   - clock: times the hops (default the SDK's clock, so they line up with the device's requests).
    package init(
        transport: any HTTPTransport = LoopbackSourceTransport(base: NoRedirectTransport()),
        clock: any OptoLinkClock = SystemClock()
    ) {
        self.transport = transport
        self.clock = clock
    }

    /// Whether `url` is the App Store's.
    package static func isAppStore(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased() ?? ""
        if scheme.hasPrefix("itms") { return true }
        let host = url.host?.lowercased() ?? ""
        return ["apps.apple.com", "itunes.apple.com", "appsto.re"].contains(host)
    }

    /// Clicks `url` as Safari with `browser`'s traits, its requests named as coming from `forwardedFor` (nil:
    /// no `X-Forwarded-For`, the click comes from this machine's own address, as the doctor's does).
    /// Never throws: a failure is the visit's ``BrowserVisit/end``.
    package func visit(_ url: URL, as browser: FingerprintValues, forwardedFor: String?) async -> BrowserVisit {
        let id = Self.visitIDs.take()
        var visit = BrowserVisit(id: id, url: url, hops: [], steps: [], token: nil)
        var headers = [
            "User-Agent": SafariUserAgent.string(for: browser),
            "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
            "Accept-Language": browser.language,
        ]
        headers["X-Forwarded-For"] = forwardedFor
        var next = url
        while true {
            if visit.hops.count == Self.maxHops {
                visit.steps[visit.steps.count - 1] = .stopped(.tooManyHops(visit.hops.count))
                return visit
            }
            let (hop, step) = await self.hop(next, number: visit.hops.count + 1, id: id, headers: headers)
            visit.hops.append(hop)
            if visit.token == nil, let body = hop.responseBody, hop.status.map({ (200..<300).contains($0) }) == true {
                visit.token = BrowserPage.clipboardToken(in: body.text)
            }
            visit.steps.append(step)
            switch step {
            case .redirect(_, let target), .metaRefresh(_, let target), .refreshHeader(_, let target):
                if let stop = Self.stop(before: target) {
                    // The hop's own status or page says how it pointed there; the step says where it stopped.
                    visit.steps[visit.steps.count - 1] = .stopped(stop)
                    return visit
                }
                next = target
            case .stopped:
                return visit
            }
        }
    }

    /// Where the browser stops instead of requesting `url` (the App Store, another app), nil to follow it.
    static func stop(before url: URL) -> BrowserStop? {
        if isAppStore(url) { return .appStore(url) }
        let scheme = url.scheme?.lowercased() ?? ""
        return scheme == "http" || scheme == "https" ? nil : .otherApp(url)
    }

    /// One request, and what the browser does next.
    private func hop(_ url: URL, number: Int, id: Int, headers: [String: String]) async -> (HTTPExchange, BrowserStep) {
        let start = clock.now()
        let startedAt = Date()
        var exchange = HTTPExchange(
            requestID: id, attempt: number, endpoint: Self.endpoint, method: "GET", url: url.absoluteString,
            requestHeaders: headers.sorted { $0.key < $1.key }.map {
                HTTPExchange.Field(name: $0.key, value: $0.value)
            },
            requestBody: nil, status: nil, responseHeaders: [], responseBody: nil, error: nil, start: start,
            duration: 0, startedAt: startedAt)
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(method: "GET", url: url, headers: headers, timeout: 10))
        } catch {
            exchange.duration = clock.now() - start
            // In words (`timed out`), not Foundation's "error -1001"; a dashboard transport's error names the
            // request itself (``LoopbackSourceTransport``).
            let reason =
                (error as? DashboardError)?.message
                ?? "GET \(BrowserVisit.pathAndQuery(url)) got no answer: \(DoctorExchange.Failure(error).explanation)"
            exchange.error = reason
            return (exchange, .stopped(.noAnswer(reason)))
        }
        exchange.duration = clock.now() - start
        exchange.status = response.status
        exchange.responseHeaders = response.headers.sorted { $0.key < $1.key }.map {
            HTTPExchange.Field(name: $0.key, value: $0.value)
        }
        exchange.responseBody = HTTPExchange.Body(response.body)
        return (exchange, Self.step(after: response, at: url))
    }

    /// What Safari does after `response` to a request for `url`.
    static func step(after response: HTTPResponse, at url: URL) -> BrowserStep {
        switch response.status {
        case 300..<400:
            guard let location = response.header("Location"), !location.isEmpty else {
                return .stopped(.badTarget("a \(response.status) without a Location"))
            }
            guard let target = URL(string: location, relativeTo: url)?.absoluteURL else {
                return .stopped(.badTarget("a \(response.status) to an unreadable Location '\(location.prefix(100))'"))
            }
            return .redirect(status: response.status, to: target)
        case 200..<300:
            if let header = response.header("Refresh"), let refresh = BrowserPage.refresh(header) {
                guard let target = URL(string: refresh.url, relativeTo: url)?.absoluteURL else {
                    return .stopped(.badTarget("a Refresh header to an unreadable URL '\(refresh.url.prefix(100))'"))
                }
                return .refreshHeader(delay: refresh.delay, to: target)
            }
            guard let refresh = BrowserPage.metaRefresh(in: String(decoding: response.body, as: UTF8.self)) else {
                return .stopped(.page)
            }
            guard let target = URL(string: refresh.url, relativeTo: url)?.absoluteURL else {
                return .stopped(.badTarget("a meta refresh to an unreadable URL '\(refresh.url.prefix(100))'"))
            }
            return .metaRefresh(delay: refresh.delay, to: target)
        default:
            return .stopped(.refused(status: response.status))
        }
    }
}

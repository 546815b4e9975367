import DashboardCore
import Foundation
import OptoLink

/// The `--link CODE` lines: the JSON an app reads on a direct open (`/data`), the redirect page a browser
/// click lands on (it must carry a clipboard token; the click is the ``SimulatedBrowser``'s, and the line
/// says what it did), and that token matching the same link on `/match`.
///
/// Unlike the key probe, these leave a trace, as any click does: `/data` and the page each count a click,
/// and the page records a match candidate from this machine's address. The doctor then claims that
/// candidate with its token on `/match`, so it is gone 30 seconds later (the contract's grace) and cannot be
/// matched by a phone on the same network later in the match window.
enum LinkChecks {
    static let dataLine = DoctorLine("link.data", "link /data")
    static let pageLine = DoctorLine("link.page", "link redirect page")
    static let matchLine = DoctorLine("link.match", "link token matches")
    /// The lines, in checklist order.
    static let lines = [dataLine, pageLine, matchLine]

    /// `GET /<org>/<code>/data` (no `deviceId`: no device profile is written).
    static func dataRequest(baseURL: URL, orgKey: String, code: String, timeout: TimeInterval) -> HTTPRequest {
        DoctorRunner.get(DoctorRunner.url(baseURL, "/\(orgKey)/\(code)/data"), timeout: timeout)
    }

    /// `<base>/<org>/<code>`: the short link the browser clicks (Safari on an iPhone asks for the page there).
    static func pageURL(baseURL: URL, orgKey: String, code: String) -> URL {
        DoctorRunner.url(baseURL, "/\(orgKey)/\(code)")
    }

    /// `POST /match` with only the page's token (no device id, no fingerprint).
    static func matchRequest(baseURL: URL, token: String, timeout: TimeInterval) -> HTTPRequest {
        DoctorRunner.jsonPost(
            DoctorRunner.url(baseURL, "/match"), body: ["clipboardToken": token], headers: [:], timeout: timeout)
    }

    /// `link.data`: 200 with a JSON object holding a string `path`; returns that path.
    static func data(_ exchange: DoctorExchange, orgKey: String, code: String) -> (DoctorCheck, path: String?) {
        let failed = { (detail: String, fix: String) in (dataLine.fail(detail, fix: fix), path: String?.none) }
        guard let response = exchange.response else {
            return failed(exchange.summary, "no answer: check the host lines above")
        }
        let object = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue
        switch response.status {
        case 200:
            guard let path = object?["path"]?.stringValue else {
                return failed(
                    "200 without a string \"path\"",
                    "GET /\(orgKey)/\(code)/data must answer {\"linkId\", \"path\", \"params\"}: the SDK "
                        + "delivers nothing without a path"
                )
            }
            return (dataLine.pass("\(exchange.summary): path \(path)"), path)
        case 404:
            let message = object?["message"]?.stringValue.map { ": \(BodyExcerpt.line($0))" } ?? ""
            return failed(
                "404\(message)",
                "no link \(code) in org \(orgKey) (or the org is not active): check the short code and --org-key")
        default:
            return failed("\(response.status)", "check the backend's logs for GET /\(orgKey)/\(code)/data")
        }
    }

    /// `link.page`: the link's own answer (the click's first hop) is 200 with an HTML page carrying a click
    /// token (`opl_` + 22 base64url); returns it. With the whole `visit`, the line also says what the browser
    /// did: every hop and where it stopped.
    static func page(_ exchange: DoctorExchange, orgKey: String, code: String, visit: BrowserVisit? = nil)
        -> (DoctorCheck, token: String?)
    {
        let failed = { (detail: String, fix: String) in (pageLine.fail(detail, fix: fix), token: String?.none) }
        let safari = visit.map { " (Safari: \($0.summary))" } ?? ""
        guard let response = exchange.response else {
            return failed(exchange.summary, "no answer: check the host lines above")
        }
        switch response.status {
        case 200:
            guard let token = BrowserPage.clipboardToken(in: String(decoding: response.body, as: UTF8.self)) else {
                return failed(
                    "200, but no opl_ click token in the page" + safari,
                    "the redirect page must write the click token (opl_ + 22 base64url characters) to the "
                        + "clipboard: without it deferred matching falls back to fingerprints"
                )
            }
            return (pageLine.pass("\(exchange.summary)\(safari), click token \(token)"), token)
        case 300...399:
            let location = response.header("Location").map { " to \($0)" } ?? ""
            return failed(
                "\(response.status) redirect\(location), no page" + safari,
                "GET /\(orgKey)/\(code) must answer the page that copies the click token, then continues to "
                    + "the store: a bare redirect carries no token"
            )
        case 404:
            return failed("404" + safari, "no link \(code) in org \(orgKey): check the short code and --org-key")
        default:
            return failed("\(response.status)" + safari, "check the backend's logs for GET /\(orgKey)/\(code)")
        }
    }

    /// `link.match`: `POST /match` with the page's token answers `matched: true` by that token (`CLIPBOARD`),
    /// with the path `/data` gave.
    static func match(_ exchange: DoctorExchange?, expectedPath: String?) -> DoctorCheck {
        guard let exchange else { return matchLine.skip("needs a click token from the redirect page") }
        guard let response = exchange.response else {
            return matchLine.fail(
                exchange.summary,
                fix: "no answer: the doctor's test click stays a match candidate for this network until it expires")
        }
        let object = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue
        guard response.status == 200, let object else {
            let message = object?["message"]?.stringValue.map { ": \(BodyExcerpt.line($0))" } ?? ""
            return matchLine.fail(
                "POST /match → \(response.status)\(message)",
                fix: response.status == 429
                    ? "rate limited (/match allows 30 a minute per address): wait a minute and run again"
                    : "check the backend's logs for POST /match")
        }
        let method = object["matchMethod"]?.stringValue ?? "?"
        let path = object["path"]?.stringValue
        guard object["matched"]?.boolValue == true else {
            return matchLine.fail(
                "not matched (\(method))",
                fix:
                    "the token the page wrote does not match on /match: the page and /match must share the "
                    + "click store (same backend, same Redis)"
            )
        }
        guard method == "CLIPBOARD" else {
            return matchLine.fail(
                "matched \(method) → \(path ?? "?"), not by the token (CLIPBOARD)",
                fix:
                    "/match did not know the token the doctor read from the redirect page: check the page carries "
                    + "the click's own token (opl_ + 22 characters) and that the page and /match share the click "
                    + "store; the match by address used up the doctor's click")
        }
        if let expectedPath, let path, path != expectedPath {
            return matchLine.fail(
                "matched \(method) to \(path), but /data says \(expectedPath)",
                fix: "the token leads to another link than the one clicked: check the backend's click store")
        }
        let confidence = object["matchConfidence"]?.stringValue.map { " \($0)" } ?? ""
        return matchLine.pass("\(method)\(confidence) → \(path ?? "?"); the test click is used up (gone in 30 s)")
    }
}

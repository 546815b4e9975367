import Foundation
import OptoLink
import OptoLinkDashboard

/// The `--link CODE` lines: the JSON an app reads on a direct open (`/data`), the redirect page a browser
/// click lands on (it must carry a clipboard token; the click is the ``SimulatedBrowser``'s, and the line
/// says what it did), and that token matching the same link on `/match`.
///
/// Unlike the key probe, these leave a trace, as any click does: `/data` and the page each count a click,
/// and the page records a match candidate from this machine's address. The doctor then claims that
/// candidate with its token on `/match`, so it is gone 30 seconds later (the contract's grace) and cannot be
/// matched by a phone on the same network later in the match window.
enum LinkChecks {
    /// `GET /<org>/<code>/data` (no `deviceId`: no device profile is written).
    static func dataRequest(baseURL: URL, orgKey: String, code: String, timeout: TimeInterval) -> HTTPRequest {
        HTTPRequest(
            method: "GET", url: DoctorRunner.url(baseURL, "/\(orgKey)/\(code)/data"),
            headers: ["Accept": "application/json", "User-Agent": DoctorRunner.userAgent], timeout: timeout)
    }

    /// `<base>/<org>/<code>`: the short link the browser clicks (Safari on an iPhone asks for the page there).
    static func pageURL(baseURL: URL, orgKey: String, code: String) -> URL {
        DoctorRunner.url(baseURL, "/\(orgKey)/\(code)")
    }

    /// `POST /match` with only the page's token (no device id, no fingerprint).
    static func matchRequest(baseURL: URL, token: String, timeout: TimeInterval) -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: DoctorRunner.url(baseURL, "/match"),
            headers: [
                "Content-Type": "application/json", "Accept": "application/json", "User-Agent": DoctorRunner.userAgent,
            ],
            body: Data(#"{"clipboardToken":"\#(token)"}"#.utf8), timeout: timeout)
    }

    /// `link.data`: 200 with a JSON object holding a string `path`; returns that path.
    static func data(_ exchange: DoctorExchange, orgKey: String, code: String) -> (DoctorCheck, path: String?) {
        let line = DoctorLine("link.data", "link /data")
        guard let response = exchange.response else {
            return (line.fail(exchange.summary, fix: "no answer: check the host lines above"), nil)
        }
        let object = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue
        switch response.status {
        case 200:
            guard let path = object?["path"]?.stringValue else {
                return (
                    line.fail(
                        "200 without a string \"path\"",
                        fix:
                            "GET /\(orgKey)/\(code)/data must answer {\"linkId\", \"path\", \"params\"}: the SDK delivers nothing without a path"
                    ), nil
                )
            }
            return (line.pass("\(exchange.summary): path \(path)"), path)
        case 404:
            let message = object?["message"]?.stringValue.map { ": \(BodyExcerpt.line($0))" } ?? ""
            return (
                line.fail(
                    "404\(message)",
                    fix:
                        "no link \(code) in org \(orgKey) (or the org is not active): check the short code and --org-key"
                ), nil
            )
        default:
            return (
                line.fail("\(response.status)", fix: "check the backend's logs for GET /\(orgKey)/\(code)/data"),
                nil
            )
        }
    }

    /// `link.page`: the link's own answer (the click's first hop) is 200 with an HTML page carrying a click
    /// token (`opl_` + 22 base64url); returns it. With the whole `visit`, the line also says what the browser
    /// did: every hop and where it stopped.
    static func page(_ exchange: DoctorExchange, orgKey: String, code: String, visit: BrowserVisit? = nil)
        -> (DoctorCheck, token: String?)
    {
        let line = DoctorLine("link.page", "link redirect page")
        let safari = visit.map { " (Safari: \($0.summary))" } ?? ""
        guard let response = exchange.response else {
            return (line.fail(exchange.summary, fix: "no answer: check the host lines above"), nil)
        }
        switch response.status {
        case 200:
            guard let token = BrowserPage.clipboardToken(in: String(decoding: response.body, as: UTF8.self)) else {
                return (
                    line.fail(
                        "200, but no opl_ click token in the page" + safari,
                        fix:
                            "the redirect page must write the click token (opl_ + 22 base64url characters) to the clipboard: without it deferred matching falls back to fingerprints"
                    ), nil
                )
            }
            return (line.pass("\(exchange.summary)\(safari), click token \(token)"), token)
        case 300...399:
            let location = response.header("Location").map { " to \($0)" } ?? ""
            return (
                line.fail(
                    "\(response.status) redirect\(location), no page" + safari,
                    fix:
                        "GET /\(orgKey)/\(code) must answer the page that copies the click token, then continues to the store: a bare redirect carries no token"
                ), nil
            )
        case 404:
            return (
                line.fail(
                    "404" + safari,
                    fix: "no link \(code) in org \(orgKey): check the short code and --org-key"),
                nil
            )
        default:
            return (
                line.fail(
                    "\(response.status)" + safari, fix: "check the backend's logs for GET /\(orgKey)/\(code)"
                ),
                nil
            )
        }
    }

    /// `link.match`: the page's token matches the same link (CLIPBOARD, exact) on `/match`.
    static func match(_ exchange: DoctorExchange?, expectedPath: String?) -> DoctorCheck {
        let line = DoctorLine("link.match", "link token matches")
        guard let exchange else { return line.skip("needs a click token from the redirect page") }
        guard let response = exchange.response else {
            return line.fail(
                exchange.summary,
                fix: "no answer: the doctor's test click stays a match candidate for this network until it expires")
        }
        let object = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue
        guard response.status == 200, let object else {
            let message = object?["message"]?.stringValue.map { ": \(BodyExcerpt.line($0))" } ?? ""
            return line.fail(
                "POST /match → \(response.status)\(message)",
                fix: response.status == 429
                    ? "rate limited (/match allows 30 a minute per address): wait a minute and run again"
                    : "check the backend's logs for POST /match")
        }
        let method = object["matchMethod"]?.stringValue ?? "?"
        let path = object["path"]?.stringValue
        guard object["matched"]?.boolValue == true else {
            return line.fail(
                "not matched (\(method))",
                fix:
                    "the token the page wrote does not match on /match: the page and /match must share the click store (same backend, same Redis)"
            )
        }
        if let expectedPath, let path, path != expectedPath {
            return line.fail(
                "matched \(method) to \(path), but /data says \(expectedPath)",
                fix: "the token leads to another link than the one clicked: check the backend's click store")
        }
        let confidence = object["matchConfidence"]?.stringValue.map { " \($0)" } ?? ""
        return line.pass("\(method)\(confidence) → \(path ?? "?"); the test click is used up (gone in 30 s)")
    }
}
